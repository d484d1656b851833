// tsconfig.node.json checks the tests with Node's types only; the pages they import also need
// Vite's (CSS modules, import.meta.env).
/// <reference types="vite/client" />
