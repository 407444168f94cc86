import { Title } from '@/components/ui/title';

/** The mentions of one social. For now only its title; the list comes with the mentions issue. */
export function MentionsPage() {
  return <Title level={1}>Mentions</Title>;
}
