// The completion scripts are bundled as text: `?raw` in Vite (tests), a loader in scripts/build.mjs.
declare module '*.bash?raw' {
  const text: string;
  export default text;
}
declare module '*.zsh?raw' {
  const text: string;
  export default text;
}
declare module '*.fish?raw' {
  const text: string;
  export default text;
}
