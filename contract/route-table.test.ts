// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { matchPattern, routeAt } from './route-table';

describe('route table', () => {
  it('matches a path to its route, in the router’s order, with its parameters decoded', () => {
    expect(routeAt('/')).toEqual({ key: 'home', params: {} });
    expect(routeAt('/mentions')).toEqual({ key: 'mentions', params: {} });
    expect(routeAt('/mentions/hacker%20news')).toEqual({
      key: 'mentionsBySocial',
      params: { social: 'hacker news' },
    });
    expect(routeAt('/sign-in/factor-one')).toEqual({ key: 'signIn', params: {} });
    expect(routeAt('/sign-in')).toEqual({ key: 'signIn', params: {} });
  });

  it('matches nothing the router would not', () => {
    expect(routeAt('/mentions/reddit/more')).toBeNull();
    expect(routeAt('/sign-inside')).toBeNull();
    expect(routeAt('/projects')).toBeNull();
    expect(matchPattern('/mentions/:social', '/mentions/')).toBeNull();
  });
});
