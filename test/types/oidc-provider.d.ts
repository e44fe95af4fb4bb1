/** The small part of `oidc-provider` (which ships no types) that the test provider uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type Handler = (req: IncomingMessage, res: ServerResponse) => void;

  export class Prompt {
    constructor(options: { name: string; requestable: boolean });
  }

  export const interactionPolicy: {
    Prompt: typeof Prompt;
    base(): Prompt[] & { add(prompt: Prompt, index?: number): void };
  };

  export type InteractionDetails = {
    uid: string;
    prompt: { name: string };
    params: Record<string, string>;
    grantId?: string;
  };

  export interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    proxy: boolean;
    callback(): Handler;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
    Grant: { new (options: { accountId: string; clientId: string }): Grant; find(id: string): Promise<Grant | undefined> };
    on(event: string, listener: (...args: unknown[]) => void): void;
  }
}
