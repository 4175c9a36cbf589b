// Interface D (section 4.4): lists (create, list active, delete, delete several with the ids
// actually deleted), scheduled campaigns with `Location`, templates seeded from the bundle's
// example, and a per-recipient report for each campaign. State is per {application_name}.
import { basePath } from './contract.js';
import { type Env, type Handler, isoTime, notFound, responseExample } from './operation.js';

const base = basePath('campaign-manager-v1');
const key = (application: string, id: number) => `${application}/${id}`;

// Report dates: their format is not shown (section 2.4); the sandbox uses the form of the bundle's
// example ('2024-03-15 09:00:04'), in UTC, and says so in `timezone`.
const reportDate = (ms: number) => isoTime(ms).slice(0, 19).replace('T', ' ');
// Report status values are not shown (section 3): a new campaign's recipients are 'scheduled'.
const REPORT_STATUS = 'scheduled';

function location(env: Env, application: string, collection: 'lists' | 'scheduled_campaigns', id: number) {
  return `${env.origin()}${base}/${encodeURIComponent(application)}/${collection}/${id}`;
}

// A failure of a delete endpoint: its documented body is a plain JSON string, the bundle's example
// ("List cannot be deleted"); described as 500 (section 7).
function deleteFailed(route: Parameters<Handler>[0]['route']) {
  return { status: 500, body: String(responseExample(route, 'default') ?? 'List cannot be deleted') };
}

export const campaignHandlers: Record<string, Handler> = {
  listLists({ route, params }, { state }) {
    const application = params.application_name!;
    const lists = [];
    for (const list of state.lists.values()) {
      if (list.application !== application) continue;
      const { name, members } = JSON.parse(list.text);
      lists.push({ id: list.id, name, created: list.created, members });
    }
    return { status: route.successStatus, body: lists };
  },
  createList({ route, params, text }, env) {
    const application = params.application_name!;
    const id = env.ids.next('list');
    // Kept as the request's text, parsed when listed (its name and members).
    env.state.lists.set(key(application, id), { application, id, text, created: isoTime(env.clock.stamp()) }, text.length);
    return { status: route.successStatus, body: { id }, headers: { location: location(env, application, 'lists', id) } };
  },
  deleteList({ route, params }, { state }) {
    const listKey = key(params.application_name!, Number(params.list_id));
    if (!state.lists.delete(listKey)) return deleteFailed(route);
    return { status: route.successStatus };
  },
  deleteMultipleLists({ route, params, body }, { state }) {
    // The reply names the lists actually deleted: those that exist (section 4.4).
    const requested: number[] = body?.list_ids ?? [];
    const deleted = requested.filter((id) => state.lists.delete(key(params.application_name!, id)));
    return { status: route.successStatus, body: { list_ids: deleted, message: `${deleted.length} lists deleted` } };
  },
  scheduleCampaign({ route, params, body, text }, env) {
    const application = params.application_name!;
    const id = env.ids.next('campaign');
    const stamp = reportDate(env.clock.stamp());
    const report = (body.members as { destination: string }[]).map((member) => ({
      list_name: body.name,
      message_id: env.ids.next('campaign-message'),
      mobile: member.destination,
      status: REPORT_STATUS,
      status_date: stamp,
      timezone: 'UTC',
    }));
    // A report item (about 160 characters of JSON) per member, besides the request.
    env.state.campaigns.set(key(application, id), { application, id, report }, text.length + report.length * 160);
    return {
      status: route.successStatus,
      body: { id },
      // The URL of the new campaign (section 4.4); the interface has no endpoint that reads it.
      headers: { location: location(env, application, 'scheduled_campaigns', id) },
    };
  },
  listTemplates({ route, params }, { state }) {
    // Templates cannot be created through the interface: the sandbox serves those preloaded from
    // fixtures for the application, else the bundle's example.
    return { status: route.successStatus, body: state.templates.get(params.application_name!) ?? responseExample(route, route.successStatus) ?? [] };
  },
  getCampaignReport({ route, params }, { state }) {
    const campaign = state.campaigns.get(key(params.application_name!, Number(params.campaign_id)));
    return campaign ? { status: route.successStatus, body: campaign.report } : notFound('Campaign');
  },
};
