/**
 * Loads an optional peer dependency (prom-client, pino, pino-pretty) the first time a merchant
 * turns on what needs it. A relay that only serves the widget never loads them, and a package
 * manager does not install them unless the merchant asks (package.json, peerDependenciesMeta).
 */
export async function loadOptionalPeer<T>(name: string, feature: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      throw new Error(`pay-checkout: ${feature} needs the "${name}" package, which is not installed. Run: npm install ${name}`, { cause: error });
    }
    throw error;
  }
}
