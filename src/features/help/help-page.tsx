import { Text } from '@/components/ui/text';
import { Title } from '@/components/ui/title';

/** An example screen: how a screen joins the route table. */
export function HelpPage() {
  return (
    <>
      <Title level={1}>Help</Title>
      <Text tone="muted">Write to support@replyradar.app.</Text>
    </>
  );
}
