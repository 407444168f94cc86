import { createContext, useContext } from 'react';

/**
 * False while React draws a screen on the server or takes over the server's HTML of it (decision 020),
 * true otherwise. The app provides it (`src/app/app.tsx`): false on the server and while it takes over a
 * page, then true, set in a transition so that what it redraws is drawn in short slices.
 */
export const HydratedContext = createContext(true);

/**
 * Whether the app is past drawing the server's way. What may differ between the server and this device
 * (its time zone, its width) is drawn the server's way until then, so that the page's HTML and the app's
 * first render agree.
 */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}
