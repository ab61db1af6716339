export interface ImportCheck {
  /** One line per violation: `rule: from → … → to`. */
  errors: string[];
  /** Violations the config lists as known: printed, not failing. */
  known: string[];
  modules: number;
}
export declare function checkImports(baseDir?: string, dirs?: string[]): Promise<ImportCheck>;
