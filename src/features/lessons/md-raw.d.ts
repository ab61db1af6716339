// Lesson files are bundled as text: `?raw` in Vite (tests), a loader in scripts/build.mjs.
declare module '*.md?raw' {
  const text: string;
  export default text;
}
