import { slug } from './context.js';
import type { ConfigSpec } from './inventory.js';
import { AZURE_SIZES, CLUSTERS, COMPANY, INSTANCE_TYPES, REPOSITORIES } from './names.js';
import type { Random } from './random.js';

/** AWS, Azure and GitHub items. */
export function addCloud(r: Random, add: (s: ConfigSpec) => string): void {
  const aws = { scraper: 'aws-acme-prod' };
  for (const c of CLUSTERS.filter((x) => x.provider === 'aws')) {
    const tags = { 'aws:region': c.region, environment: c.environment };
    const vpc = add({
      ...aws,
      type: 'AWS::EC2::VPC',
      config_class: 'VPC',
      name: `${c.name}-vpc`,
      tags,
      status: 'available',
      config: { VpcId: `vpc-${r.hex(17)}`, CidrBlock: `10.${c.agent}.0.0/16`, IsDefault: false },
    });
    for (const az of ['a', 'b', 'c'])
      add({
        ...aws,
        type: 'AWS::EC2::Subnet',
        config_class: 'Subnet',
        name: `${c.name}-private-${c.region}${az}`,
        parent: vpc,
        tags: { ...tags, 'aws:zone': `${c.region}${az}` },
        status: 'available',
        config: {
          SubnetId: `subnet-${r.hex(17)}`,
          CidrBlock: `10.${c.agent}.${az.charCodeAt(0) - 96}.0/24`,
          AvailabilityZone: `${c.region}${az}`,
        },
      });
    add({
      ...aws,
      type: 'AWS::EKS::Cluster',
      config_class: 'KubernetesCluster',
      name: c.name,
      tags,
      status: 'ACTIVE',
      costPerMinute: 0.0694,
      config: {
        name: c.name,
        version: '1.29',
        platformVersion: 'eks.7',
        endpoint: `https://${r.hex(32).toUpperCase()}.gr7.${c.region}.eks.amazonaws.com`,
        status: 'ACTIVE',
      },
    });
    for (let i = 0; i < 10; i++) {
      const type = r.pick(INSTANCE_TYPES);
      const worker = i < 5;
      const stopped = !worker && i === 9;
      add({
        ...aws,
        type: 'AWS::EC2::Instance',
        config_class: 'VirtualMachine',
        name: worker
          ? `${c.name}-worker-${i}`
          : `${c.name}-${['bastion', 'jenkins', 'vpn', 'legacy-erp', 'build'][i - 5]}`,
        parent: vpc,
        tags: { ...tags, 'aws:instance-type': type },
        status: stopped ? 'stopped' : 'running',
        health: stopped ? 'unknown' : 'healthy',
        costPerMinute: stopped ? undefined : r.float(0.0008, 0.006, 4),
        labels: { 'kubernetes.io/cluster': worker ? c.name : '', Name: `${c.name}-${i}` },
        config: {
          InstanceId: `i-${r.hex(17)}`,
          InstanceType: type,
          ImageId: `ami-${r.hex(17)}`,
          PrivateIpAddress: `10.${c.agent}.${r.int(1, 3)}.${r.int(10, 250)}`,
          State: { Name: stopped ? 'stopped' : 'running' },
          Placement: { AvailabilityZone: `${c.region}a` },
        },
      });
    }
    add({
      ...aws,
      type: 'AWS::ElastiCache::CacheCluster',
      config_class: 'Cache',
      name: `${c.name}-redis`,
      tags,
      status: 'available',
      costPerMinute: 0.0011,
      config: {
        CacheClusterId: `${c.name}-redis`,
        Engine: 'redis',
        EngineVersion: '7.1',
        CacheNodeType: 'cache.r6g.large',
        NumCacheNodes: 2,
      },
    });
  }
  for (const [i, db] of [
    'payments',
    'orders',
    'auth',
    'inventory',
    'grafana',
    'payments-replica',
  ].entries()) {
    const sick = db === 'orders';
    add({
      ...aws,
      type: 'AWS::RDS::DBInstance',
      config_class: 'Database',
      name: `${COMPANY}-${db}-prod`,
      tags: { 'aws:region': i % 2 ? 'us-east-1' : 'eu-west-1', environment: 'production' },
      status: sick ? 'storage-full' : 'available',
      health: sick ? 'warning' : 'healthy',
      description: sick ? 'Free storage space below 10%' : undefined,
      costPerMinute: r.float(0.001, 0.01, 4),
      config: {
        DBInstanceIdentifier: `${COMPANY}-${db}-prod`,
        Engine: 'postgres',
        EngineVersion: '15.6',
        DBInstanceClass: r.pick(['db.r6g.large', 'db.m6g.xlarge']),
        MultiAZ: i !== 4,
        AllocatedStorage: r.pick([100, 200, 500]),
        StorageEncrypted: i !== 4,
      },
    });
  }
  const buckets = [
    'acme-assets',
    'acme-backups',
    'acme-logs',
    'acme-cur',
    'acme-terraform-state',
    'acme-data-lake',
    'acme-ml-models',
    'acme-invoices',
    'acme-exports',
    'acme-public-downloads',
    'acme-static-site',
    'acme-artifacts',
    'acme-audit',
    'acme-tmp',
  ];
  for (const b of buckets) {
    const pub = b === 'acme-public-downloads' || b === 'acme-static-site';
    add({
      ...aws,
      type: 'AWS::S3::Bucket',
      config_class: 'Bucket',
      name: b,
      tags: { 'aws:region': 'eu-west-1' },
      health: pub ? 'warning' : 'healthy',
      costPerMinute: r.float(0.00005, 0.0006, 5),
      config: {
        Name: b,
        CreationDate: '2021-03-04T10:00:00Z',
        Versioning: r.chance(0.6) ? 'Enabled' : 'Suspended',
        PublicAccessBlock: !pub,
        Encryption: 'aws:kms',
      },
    });
  }
  const roles = [
    'eks-node-role',
    'eks-cluster-role',
    'karpenter',
    'external-dns',
    'cert-manager',
    'ebs-csi-driver',
    'loki-s3',
    'velero',
    'github-actions-deploy',
    'terraform',
    'readonly-auditors',
    'break-glass-admin',
    'payments-kms',
    'checkout-sqs',
    'data-lake-etl',
    'ml-training',
    'billing-reader',
    'support-engineer',
  ];
  for (const role of roles) {
    add({
      ...aws,
      type: 'AWS::IAM::Role',
      config_class: 'Role',
      name: `${COMPANY}-${role}`,
      tags: { 'aws:region': 'global' },
      health: role === 'break-glass-admin' ? 'warning' : 'healthy',
      config: {
        RoleName: `${COMPANY}-${role}`,
        Arn: `arn:aws:iam::123456789012:role/${COMPANY}-${role}`,
        AssumeRolePolicyDocument: {
          Version: '2012-10-17',
          Statement: [
            { Effect: 'Allow', Principal: { Service: 'ec2.amazonaws.com' }, Action: 'sts:AssumeRole' },
          ],
        },
        MaxSessionDuration: 3600,
      },
    });
  }
  for (const fn of [
    'image-resizer',
    'invoice-pdf',
    'slack-notifier',
    'cur-ingest',
    'sitemap-builder',
    'fraud-webhook',
    'backup-verify',
    'cost-anomaly',
  ]) {
    add({
      ...aws,
      type: 'AWS::Lambda::Function',
      config_class: 'Function',
      name: `${COMPANY}-${fn}`,
      tags: { 'aws:region': 'eu-west-1' },
      status: 'Active',
      health: fn === 'cur-ingest' ? 'unhealthy' : 'healthy',
      costPerMinute: r.float(0.00001, 0.0002, 5),
      config: {
        FunctionName: `${COMPANY}-${fn}`,
        Runtime: r.pick(['python3.12', 'nodejs20.x', 'provided.al2023']),
        MemorySize: r.pick([128, 256, 1024]),
        Timeout: 30,
        Handler: 'index.handler',
      },
    });
  }
  const az = { scraper: 'azure-acme', tags: { 'azure:location': 'westeurope', environment: 'staging' } };
  add({
    ...az,
    type: 'Azure::AKS',
    config_class: 'KubernetesCluster',
    name: 'acme-staging',
    status: 'Succeeded',
    costPerMinute: 0.002,
    config: {
      name: 'acme-staging',
      kubernetesVersion: '1.29.2',
      location: 'westeurope',
      agentPoolProfiles: [{ name: 'nodepool1', count: 5, vmSize: 'Standard_D4s_v5' }],
    },
  });
  for (let i = 0; i < 8; i++) {
    const name = i < 5 ? `aks-nodepool1-31415926-vmss00000${i}` : `acme-build-agent-${i - 4}`;
    const off = i === 7;
    add({
      ...az,
      type: 'Azure::VM',
      config_class: 'VirtualMachine',
      name,
      status: off ? 'VM deallocated' : 'VM running',
      health: off ? 'unknown' : 'healthy',
      costPerMinute: off ? undefined : r.float(0.001, 0.004, 4),
      config: {
        name,
        location: 'westeurope',
        properties: {
          hardwareProfile: { vmSize: r.pick(AZURE_SIZES) },
          storageProfile: { osDisk: { osType: 'Linux', diskSizeGB: 128 } },
          provisioningState: 'Succeeded',
        },
      },
    });
  }
  for (const sa of ['acmestagingdata', 'acmestaginglogs', 'acmebuildcache']) {
    add({
      ...az,
      type: 'Azure::StorageAccount',
      config_class: 'StorageAccount',
      name: sa,
      status: 'Succeeded',
      costPerMinute: r.float(0.0001, 0.0005, 4),
      config: {
        name: sa,
        kind: 'StorageV2',
        sku: { name: 'Standard_LRS' },
        properties: { minimumTlsVersion: 'TLS1_2', allowBlobPublicAccess: false },
      },
    });
  }
  for (const repo of REPOSITORIES) {
    const failing = repo === 'fraud-detector' || repo === 'terraform-modules';
    add({
      scraper: 'github-acme',
      type: 'GitHub::Repository',
      config_class: 'Repository',
      name: `${COMPANY}/${repo}`,
      status: failing ? 'failing' : 'passing',
      health: failing ? 'unhealthy' : 'healthy',
      labels: { language: r.pick(['Go', 'TypeScript', 'Java', 'Python', 'HCL']), visibility: 'private' },
      tags: { owner: COMPANY },
      config: {
        full_name: `${COMPANY}/${repo}`,
        default_branch: 'main',
        private: true,
        open_issues_count: r.int(0, 40),
        stargazers_count: r.int(0, 12),
        topics: [slug(repo), 'acme'],
      },
    });
  }
}
