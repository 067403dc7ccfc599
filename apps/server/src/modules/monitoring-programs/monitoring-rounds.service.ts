import type { Medium } from '@qlcv/common/schemas/parameters';
import type { TripRoundOption } from '@qlcv/common/schemas/sampling-trips';
import type { Frequency } from '@qlcv/common/schemas/sites';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { vnToday } from '../../lib/vn-time';
import { type RoundRefRow, roundsRepository as repo } from './monitoring-rounds.repository';

export interface RoundRef extends TripRoundOption {
  status: string;
}

export interface RoundChecklist {
  round_id: number;
  site: { id: number; code: string; name: string };
  point: { id: number; code: string; name: string; medium: Medium };
  parameters: { id: number; code: string; name: string; unit: string; place: string }[];
}

const toRef = (r: RoundRefRow, today: string): RoundRef => ({
  id: r.id,
  name: r.name,
  due_date: r.due_date,
  late: r.status === 'planned' && r.due_date < today,
  status: r.status,
  program: { id: r.program_id, code: r.program_code, name: r.program_name },
  site: { id: r.site_id, code: r.site_code, name: r.site_name, province: r.site_province },
});

/**
 * Monitoring rounds as other modules read them (issue 24 part 4): the trips' picker of planned rounds, a trip's rounds,
 * and the checklist of what each round samples — the lines of its programme due in it (by frequency), point by point.
 */
export class MonitoringRoundsService {
  constructor(private readonly db: Kysely<DB>) {}

  async options(search: string | undefined): Promise<TripRoundOption[]> {
    const today = vnToday();
    return (await repo.options(this.db, search, 50)).map((r) => {
      const { status: _status, ...option } = toRef(r, today);
      return option;
    });
  }

  /** Programmes with a planned round due on or before `by` (late ones included): the dashboard's card, as its list counts. */
  countDue(by: string): Promise<number> {
    return repo.countDue(this.db, by);
  }

  /** The rounds asked for that exist, soonest due first; `db`: the caller's transaction. */
  async byIds(ids: readonly number[], db: Kysely<DB> = this.db): Promise<RoundRef[]> {
    const today = vnToday();
    return (await repo.byIds(db, ids)).map((r) => toRef(r, today));
  }

  /** A trip's rounds at the customer's sites (what a test report may hold one of); `db`: the caller's transaction. */
  async ofTripAtCustomer(tripId: number, customerId: number, db: Kysely<DB> = this.db): Promise<RoundRef[]> {
    const today = vnToday();
    return (await repo.ofTripAtCustomer(db, tripId, customerId)).map((r) => toRef(r, today));
  }

  /** Each round's points with the parameters due in it (field ones first, as they are measured on site). */
  async checklist(rounds: readonly RoundRef[], db: Kysely<DB> = this.db): Promise<RoundChecklist[]> {
    const rows = await repo.byIds(
      db,
      rounds.map((r) => r.id),
    );
    const due = new Map(rows.map((r) => [r.id, new Set(JSON.parse(r.frequencies) as Frequency[])]));
    const site = new Map(rows.map((r) => [r.id, { id: r.site_id, code: r.site_code, name: r.site_name }]));
    const out = new Map<string, RoundChecklist>();
    for (const l of await repo.lines(
      db,
      rounds.map((r) => r.id),
    )) {
      if (!due.get(l.round_id)?.has(l.frequency as Frequency)) continue;
      const key = `${l.round_id}|${l.point_id}`;
      let item = out.get(key);
      if (!item) {
        item = {
          round_id: l.round_id,
          site: site.get(l.round_id)!,
          point: { id: l.point_id, code: l.point_code, name: l.point_name, medium: l.point_medium as Medium },
          parameters: [],
        };
        out.set(key, item);
      }
      item.parameters.push({
        id: l.parameter_id,
        code: l.parameter_code,
        name: l.parameter_name,
        unit: l.parameter_unit,
        place: l.parameter_place,
      });
    }
    for (const item of out.values()) item.parameters.sort((a, b) => (a.place === b.place ? 0 : a.place === 'field' ? -1 : 1));
    return [...out.values()];
  }
}
