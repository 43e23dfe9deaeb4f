// What WXT defines at build time (the generated .wxt types are not part of this repository's tsc run).
interface ImportMetaEnv {
  readonly FIREFOX: boolean;
  readonly CHROME: boolean;
  readonly BROWSER: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
