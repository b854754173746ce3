import { tsImport } from 'tsx/esm/api';

export default async function globalTeardown() {
  const { tearDownTestDatabases } = await tsImport('./databases.ts', import.meta.url);
  await tearDownTestDatabases();
}
