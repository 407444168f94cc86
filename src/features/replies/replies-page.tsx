import { Title } from '@/components/ui/title';

/** Published replies. For now only its title; the list comes with the replies issue. */
export function RepliesPage() {
  return <Title level={1}>Replies</Title>;
}
