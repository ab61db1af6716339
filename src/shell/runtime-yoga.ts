// The yoga layout engine (WebAssembly, compiled and instantiated as it loads: patches/yoga-layout):
// the second piece of the shell's code to load (commands/shell.ts, runtime-react.ts).
export { default as Yoga } from 'yoga-layout';
