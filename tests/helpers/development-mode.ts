/**
 * Imported first by a test file: the modules it loads afterwards see NODE_ENV=development, the mode in
 * which tRPC adds stacks to errors and Koa is most talkative (the worst case for leaking internals).
 */
process.env.NODE_ENV = 'development';
