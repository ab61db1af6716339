import type { Metafile } from 'esbuild';

export interface PackageNotice {
  /** `name@version` */
  id: string;
  /** The package's directory, relative to the build's root. */
  dir: string;
  license: string;
  texts: Array<{ file: string; text: string }>;
  /** `patches/…` when routersh patches this package. */
  patch: string | undefined;
}
export declare function bundledPackages(metafile: Metafile): Map<string, Set<string>>;
export declare function packageNotice(root: string, dir: string, inputs: Iterable<string>): PackageNotice;
export declare function renderNotices(notices: PackageNotice[]): string;
