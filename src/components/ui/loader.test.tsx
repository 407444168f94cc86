import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Loader, PageLoader } from '@/components/ui/loader';

describe('Loader', () => {
  it('is a status that reads its label', () => {
    render(<Loader label="Loading mentions" />);
    expect(screen.getByRole('status').textContent).toBe('Loading mentions');
  });

  it('says "Loading" by default, also as a page loader', () => {
    render(<PageLoader />);
    expect(screen.getByRole('status').textContent).toBe('Loading');
  });
});
