import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SegmentedControl } from '@/components/ui/segmented-control';

type Period = 'month' | 'year';
const options: { value: Period; label: string }[] = [
  { value: 'month', label: 'Monthly' },
  { value: 'year', label: 'Yearly' },
];

function PeriodPicker({ onChange }: { onChange: (period: Period) => void }) {
  const [period, setPeriod] = useState<Period>('month');
  return (
    <SegmentedControl
      aria-label="Billing period"
      value={period}
      options={options}
      onValueChange={(next) => {
        setPeriod(next);
        onChange(next);
      }}
    />
  );
}

describe('SegmentedControl', () => {
  it('choosing an option calls onValueChange with its value and marks it checked', async () => {
    const onChange = vi.fn();
    render(<PeriodPicker onChange={onChange} />);
    expect(screen.getByRole('radiogroup', { name: 'Billing period' })).toBeDefined();

    await userEvent.click(screen.getByRole('radio', { name: 'Yearly' }));

    expect(onChange).toHaveBeenCalledExactlyOnceWith('year');
    expect(screen.getByRole('radio', { name: 'Yearly' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: 'Monthly' }).getAttribute('aria-checked')).toBe('false');
  });

  it('clicking the active option does not clear the value', async () => {
    const onChange = vi.fn();
    render(<PeriodPicker onChange={onChange} />);

    await userEvent.click(screen.getByRole('radio', { name: 'Monthly' }));

    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('radio', { name: 'Monthly' }).getAttribute('aria-checked')).toBe('true');
  });
});
