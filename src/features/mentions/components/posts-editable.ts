import { createContext } from 'react';

/**
 * Whether the cards show the mirror's copies, which edits are made to. False while the server's list shows
 * before the mirror has answered: answers are read-only and 'Publish' disabled for that moment. A context,
 * so that only the answer and the checkbox are drawn again when it turns true, not whole cards.
 */
export const PostsEditable = createContext(true);
