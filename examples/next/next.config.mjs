import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** @type {import('next').NextConfig} */
export default {
  // In this repository the package's name resolves to its sources (tsconfig.json "paths"), outside this folder.
  experimental: { externalDir: true },
  outputFileTracingRoot: root,
  turbopack: { root },
  webpack(config) {
    // The sources import each other as `./x.js`, the files being `x.ts`.
    config.resolve.extensionAlias = { '.js': ['.ts', '.js'] };
    return config;
  },
};
