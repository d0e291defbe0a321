import { CreateCombatInput } from '../combat/combat-campaign.inputs';
import { CombatActionInput } from '../combat/combat-actions.inputs';
import { namesInBody } from './name-addressing';

const ID = '0f0e0d0c-0b0a-4000-8000-000000000001';

describe('namesInBody (issue 42)', () => {
  it('finds nothing in a body that sends only ids, so such a request reads nothing more', () => {
    expect(
      namesInBody(CreateCombatInput, {
        system: 'cairn',
        combatants: [
          { characterId: ID, side: 'party' },
          { npcId: ID.toUpperCase(), side: 'foes' },
        ],
      }),
    ).toEqual([]);
    expect(namesInBody(CombatActionInput, { actor: ID, targets: [ID], kind: 'attack' })).toEqual([]);
  });

  it('finds names in nested lists and lists of ids, with their field paths and kinds', () => {
    const spots = namesInBody(CreateCombatInput, {
      system: 'cairn',
      combatants: [
        { characterId: ID, side: 'party' },
        { npcId: 'Wolf', side: 'foes' },
      ],
      side: 'Not a named field',
    });
    expect(spots.map((s) => [s.path, s.kind, s.name])).toEqual([['combatants[1].npcId', 'npc', 'Wolf']]);
    const action = namesInBody(CombatActionInput, { actor: 'Ada', targets: [ID, 'wolf'], kind: 'attack' });
    expect(action.map((s) => [s.path, s.kind, s.name])).toEqual([
      ['actor', 'combatant', 'Ada'],
      ['targets[1]', 'combatant', 'wolf'],
    ]);
  });

  it('leaves what is not a name to validation: empty strings, numbers, objects, a body that is a list', () => {
    expect(namesInBody(CombatActionInput, { actor: '', targets: [3, { a: 1 }, null] })).toEqual([]);
    expect(namesInBody(CombatActionInput, [{ actor: 'Ada' }])).toEqual([]);
    expect(namesInBody(CreateCombatInput, { combatants: 'Ada' })).toEqual([]);
  });
});
