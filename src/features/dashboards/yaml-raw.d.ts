// Built-in dashboards are bundled as text: `?raw` in Vite (tests), a loader in scripts/build.mjs.
declare module '*.yaml?raw' {
  const text: string;
  export default text;
}
