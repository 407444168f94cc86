import { postSchema } from '@contract/entities';
import { cleanup, render, screen } from '@testing-library/react';
import { serverPost } from '@tests/support/fake-api-server';
import { afterEach, describe, expect, it } from 'vitest';
import { PostSummary } from './post-summary';

afterEach(cleanup);

const unsafeLinks = [
  'javascript:alert(document.cookie)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '/relative/path',
];

describe('the original post link', () => {
  it('opens the post on its network in a new tab', () => {
    render(<PostSummary post={serverPost({ id: 'a', url: 'https://www.reddit.com/r/saas/comments/1/' })} />);
    const link = screen.getByRole('link', { name: 'Open original post' });
    expect(link.getAttribute('href')).toBe('https://www.reddit.com/r/saas/comments/1/');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it.each(unsafeLinks)('is not drawn for a link that is not http(s): %s', (url) => {
    render(<PostSummary post={serverPost({ id: 'a', url })} />);
    expect(screen.getByText('How do you keep edits made on a train?')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it.each(unsafeLinks)('the contract refuses a post whose link is %s', (url) => {
    const result = postSchema.safeParse(serverPost({ id: 'a', url }));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['url'],
      message: 'Must be an http or https link',
    });
  });

  it('the contract accepts http and https links', () => {
    for (const url of ['https://news.ycombinator.com/item?id=1', 'http://example.com/post'])
      expect(postSchema.safeParse(serverPost({ id: 'a', url })).success).toBe(true);
  });
});
