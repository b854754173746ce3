/** Types of patternfly-exports.js, which stays JavaScript so jest's transformer loads it as it is. */
export interface ModuleLookup {
  get(name: string): string | undefined;
}
export function exportMap(root: string, packageName: string): Map<string, string>;
export function iconModules(root: string): ModuleLookup;
export function deepPatternflyImports(
  source: string,
  maps: Map<string, ModuleLookup>,
  build?: 'esm' | 'js',
): string;
