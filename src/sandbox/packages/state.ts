// PLACEHOLDER (replaced by the packages helper).
import type { SandboxData } from '../data.js';
export type PackageState = Record<string, never>;
export function createPackageState(_data: SandboxData): PackageState {
  return {};
}
