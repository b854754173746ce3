// Jest loads this file outside its module system, so the TypeScript is loaded through tsx.
import { tsImport } from 'tsx/esm/api';

export default async function globalSetup() {
  const { setUpTestDatabases } = await tsImport('./databases.ts', import.meta.url);
  await setUpTestDatabases();
}
