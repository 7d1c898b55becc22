import Router from '@koa/router';
import test from 'ava';
import { writeOnlyPaths } from '../../server/routes.js';

const ok = () => undefined;

test('a path the routes answer only with POST or DELETE is no public read; any other path is', (t) => {
  const router = new Router();
  router.get('/reads', ok);
  router.post('/writes', ok);
  router.post('/both', ok);
  router.get('/both', ok);
  router.delete('/things/:id', ok);
  router.use(ok);
  const writeOnly = writeOnlyPaths(router);
  t.false(writeOnly('/reads'));
  t.true(writeOnly('/writes'));
  t.false(writeOnly('/both'), 'a path that is also read keeps its CORS');
  t.true(writeOnly('/things/42'), 'a route with a parameter');
  t.false(writeOnly('/things'));
  t.false(writeOnly('/unknown'), 'a 404 stays readable from other sites');
});
