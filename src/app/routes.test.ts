// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isPublicPath, isUnder, parseMentionsSearch, parseProjectSearch, routes } from './routes';

describe('route map', () => {
  it('names every route of the specification with its path', () => {
    // Every route of the specification is there; a screen added beyond them is its own entry's business.
    expect(
      Object.fromEntries(Object.entries(routes).map(([name, route]) => [name, route.path])),
    ).toMatchObject({
      signIn: '/sign-in',
      signUp: '/sign-up',
      subscribe: '/subscribe',
      onboardingWorkspace: '/onboarding/workspace',
      onboardingProject: '/onboarding/project',
      project: '/project',
      home: '/',
      mentions: '/mentions',
      mentionsBySocial: '/mentions/:social',
      replies: '/replies',
      billing: '/billing',
    });
  });

  it('builds the mentions-by-social href with its keyword and found date', () => {
    expect(routes.mentionsBySocial.href({ social: 'reddit' })).toBe('/mentions/reddit');
    expect(
      routes.mentionsBySocial.href({ social: 'reddit' }, { keyword: 'crm tools', found_date: '2025-03-05' }),
    ).toBe('/mentions/reddit?keyword=crm+tools&found_date=2025-03-05');
    expect(routes.mentionsBySocial.href({ social: 'hacker-news' }, { found_date: '2025-03-05' })).toBe(
      '/mentions/hacker-news?found_date=2025-03-05',
    );
  });

  it('omits empty search parameters', () => {
    expect(routes.mentionsBySocial.href({ social: 'reddit' }, { keyword: '', found_date: undefined })).toBe(
      '/mentions/reddit',
    );
  });

  it('encodes the social slug', () => {
    expect(routes.mentionsBySocial.href({ social: 'a/b' })).toBe('/mentions/a%2Fb');
  });

  it('builds the project href with the optional preview flag', () => {
    expect(routes.project.href()).toBe('/project');
    expect(routes.project.href({ preview: true })).toBe('/project?preview=true');
    expect(routes.project.href({ preview: false })).toBe('/project?preview=false');
  });

  it('reads the search parameters back', () => {
    expect(parseProjectSearch('?preview=true')).toEqual({ preview: true });
    expect(parseProjectSearch('')).toEqual({});
    expect(parseMentionsSearch('keyword=crm&found_date=2025-03-05')).toEqual({
      keyword: 'crm',
      found_date: '2025-03-05',
    });
    expect(parseMentionsSearch('keyword=')).toEqual({});
  });

  it('marks paths by prefix', () => {
    expect(isUnder('/mentions/reddit', routes.mentions.path)).toBe(true);
    expect(isUnder('/mentions', routes.mentions.path)).toBe(true);
    expect(isUnder('/mentionsx', routes.mentions.path)).toBe(false);
    expect(isUnder('/project', routes.home.path)).toBe(false);
  });

  it('knows sign in and sign up, with the hosted provider steps below them, as public', () => {
    expect(isPublicPath('/sign-in')).toBe(true);
    expect(isPublicPath('/sign-in/factor-one')).toBe(true);
    expect(isPublicPath('/sign-up')).toBe(true);
    expect(isPublicPath('/project')).toBe(false);
    expect(isPublicPath('/')).toBe(false);
  });
});
