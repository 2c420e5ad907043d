import { type FastifyPluginAsyncTypebox } from '../lib/typeProvider';
import { ParseBody, ParseReply } from '../../../contract/agents';

/** Issue 29: how the agents read sentences, without a page (docs/generation.md, "Reading sentences"). */
export interface AgentRouteOptions {
  /** agents/parse's reader, given by app.ts (routes reach the agents through it). */
  parse: (sentences: string[]) => ParseReply['readings'];
}

export const agentRoutes: FastifyPluginAsyncTypebox<AgentRouteOptions> = async (app, { parse }) => {
  app.post(
    '/agents/parse',
    {
      schema: {
        summary:
          'Reads sentences as the generator would, without a page: per sentence, its steps in the phrasing corpus vocabulary (action, target, value, where, negated) or the refusal and its reason',
        body: ParseBody,
        response: { 200: ParseReply },
      },
    },
    async (request) => ({ readings: parse(request.body.sentences) }),
  );
};
