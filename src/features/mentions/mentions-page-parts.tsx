import { Link } from 'wouter';
import { routes } from '@/app/routes';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Text } from '@/components/ui/text';
import { Title } from '@/components/ui/title';

export function Header({ onOpenAutopilot }: { onOpenAutopilot?: (() => void) | undefined }) {
  return (
    <header className="flex flex-col gap-1">
      <div className="flex items-center justify-between gap-3">
        <Title level={1}>Mentions</Title>
        {onOpenAutopilot ? (
          <Button variant="secondary" size="sm" onClick={onOpenAutopilot}>
            Autopilot
          </Button>
        ) : null}
      </div>
      <Text tone="muted">
        Here last filtered mentions and answers for last day. Next update will be tomorrow.
      </Text>
    </header>
  );
}

export function NotReviewed() {
  return (
    <Card className="flex flex-col items-start gap-4">
      <Title level={3} as="h2">
        To get first results review information about your project
      </Title>
      <Button asChild>
        <Link href={routes.project.href()}>Go to Project</Link>
      </Button>
    </Card>
  );
}

export function SearchInProgress({ onCheck, checking }: { onCheck: () => void; checking: boolean }) {
  return (
    <Card className="flex flex-col items-start gap-3">
      <Title level={3} as="h2">
        Search in progress…
      </Title>
      <Text tone="muted">We're finding relevant posts and writing replies.</Text>
      <Button onClick={onCheck} loading={checking}>
        Check for Results
      </Button>
      <Text size="sm" tone="muted">
        If loading takes more than 5 minutes, click the button to see if results are ready
      </Text>
    </Card>
  );
}

/** A day (or a keyword of it) with no posts on this network: its discovery found none there. */
export function NothingFound({ social, keyword }: { social: string; keyword: string | undefined }) {
  return (
    <Card className="flex flex-col items-start gap-2">
      <Title level={3} as="h2">
        No mentions on {social}
      </Title>
      <Text tone="muted">
        {keyword
          ? `No relevant post about “${keyword}” was found on this day.`
          : 'No relevant post was found on this day.'}{' '}
        Try another network or date.
      </Text>
    </Card>
  );
}
