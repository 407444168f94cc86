import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type RenderScreen, screenRendererFile } from '@contract/screen-renderer';
import type { Logger } from '../logger';

/**
 * Loads the app's first-screen renderer that the build wrote into `renderDir` (decision 020). Null when
 * there is none (a build without it, the API-only tests): the app then draws every screen in the browser.
 * A renderer that is there but cannot be loaded stops start-up, as any broken build would.
 */
export async function loadScreenRenderer(renderDir: string, logger: Logger): Promise<RenderScreen | null> {
  const file = path.resolve(renderDir, screenRendererFile);
  if (!existsSync(file)) {
    logger.info({ file }, 'no first-screen renderer built: the app draws its first screens in the browser');
    return null;
  }
  const module: unknown = await import(pathToFileURL(file).href);
  const render =
    typeof module === 'object' && module !== null && 'renderScreen' in module ? module.renderScreen : null;
  if (typeof render !== 'function') throw new Error(`${file} does not export renderScreen`);
  return render as RenderScreen;
}
