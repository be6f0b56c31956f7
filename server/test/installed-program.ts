import { accessSync, constants } from 'node:fs';

/**
 * Whether a service's program can be run here (CI installs each one: .ci/run); when not, the tests
 * that need it are skipped, and one line says so and how to install it.
 */
export function installedProgram(path: string, what: string, aptPackage: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    console.warn(`${what} tests skipped: ${path} is not installed (apt-get install ${aptPackage}).`);
    return false;
  }
}
