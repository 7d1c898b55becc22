export * from './enums.js';
export * from './event.js';
export * from './api.js';
export * from './queries.js';
export * from './limits.js';
export * from './problems.js';
