import { ObjectType } from '@nestjs/graphql';
import { Out } from '../common/schema';

@ObjectType({ description: 'A logged roll that did not resolve again to what the log holds.' })
export class AuditRollDifference {
  @Out.id('The roll.')
  rollId: string;

  @Out.string('Its procedure.')
  procedure: string;

  @Out.string(
    'What differs: `outcome` (the faces or the outcome are not what was logged) or `unreplayable` ' +
      '(the procedure is unknown or refuses the logged inputs; `detail` says which).',
  )
  reason: string;

  @Out.string('Why it could not be replayed, in words.', { nullable: true })
  detail: string | null;
}

@ObjectType({ description: 'What the audit replayed of the roll log.' })
export class AuditRolls {
  @Out.int('Rolls resolved again, oldest first.')
  replayed: number;

  @Out.int('Of them, the ones whose faces and outcome are exactly what the log holds.')
  matched: number;

  @Out.nestedList('The rolls that did not (the first 100).', () => AuditRollDifference)
  differing: AuditRollDifference[];
}

@ObjectType({ description: 'A tracked value whose stored number is not the fold of its condition ledger.' })
export class AuditSheetDifference {
  @Out.string('Whose sheet: `character` or `npc`.')
  ownerKind: string;

  @Out.id('The character or NPC.')
  ownerId: string;

  @Out.string('Its name (null when it no longer exists).', { nullable: true })
  name: string | null;

  @Out.string('The sheet’s system.')
  system: string;

  @Out.string('The tracked value’s path (`hp`, `survival.current`).')
  field: string;

  @Out.int('The number the sheet holds.')
  stored: number;

  @Out.int('The sum of the value’s ledger entries.')
  folded: number;

  @Out.string('The first ledger entry whose recorded value after is not the running sum, if one is.', {
    nullable: true,
  })
  brokenAtEntryId: string | null;
}

@ObjectType({ description: 'What the audit folded of the condition ledger.' })
export class AuditSheets {
  @Out.int('Stored sheets compared (characters’ and NPCs’).')
  checked: number;

  @Out.int('Condition ledger entries folded, in the order written.')
  entries: number;

  @Out.nestedList('The values that differ (the first 100).', () => AuditSheetDifference)
  differing: AuditSheetDifference[];
}

@ObjectType({
  description:
    'A campaign checked against its own record: every logged roll resolved again from its inputs and ' +
    'seed, and every stored sheet compared with the fold of its condition ledger.',
})
export class CampaignAudit {
  @Out.bool('True when every roll replays exactly and every sheet equals its ledger.')
  ok: boolean;

  @Out.nested('The roll log, replayed.', () => AuditRolls)
  rolls: AuditRolls;

  @Out.nested('The sheets, against their ledgers.', () => AuditSheets)
  sheets: AuditSheets;
}
