import fc from 'fast-check';
import { addMaterials, applyCraftingRoll, progressTotal, projectStatus, type ProjectState } from './progress';
import { craftingRequirements } from './requirements';

function project(price: number, skills: string[], copies = 1): ProjectState {
  const r = craftingRequirements({ price });
  return {
    successesNeeded: r.successesNeeded,
    materialCostEighths: r.materialCostEighths,
    skills,
    copiesPaid: copies,
    copiesMade: 0,
    progress: Object.fromEntries(skills.map((s) => [s, 0])),
    materialsOwedEighths: 0,
  };
}

const roll = (skillName: string, successes: number, criticalFailure = false) => ({
  skillName,
  successes,
  criticalFailure,
});

describe(applyCraftingRoll.name, () => {
  it('makes 2 copies of a 1-platinum item from 10 successes when materials for 2 are on hand', () => {
    const after = applyCraftingRoll(project(100, ['smithing'], 2), roll('smithing', 10));
    expect(after.copiesCompleted).toBe(2);
    expect(after.state).toMatchObject({ copiesMade: 2, progress: { smithing: 0 } });
    expect(projectStatus(after.state)).toBe('complete');
  });

  it('keeps surplus beyond the paid copies and makes the copy once more materials come', () => {
    const after = applyCraftingRoll(project(100, ['smithing'], 1), roll('smithing', 12));
    expect(after.state).toMatchObject({ copiesMade: 1, progress: { smithing: 7 } });
    const paid = addMaterials(after.state, { amountEighths: 0, copies: 1 });
    expect(paid.copiesCompleted).toBe(1);
    expect(paid.state).toMatchObject({ copiesMade: 2, copiesPaid: 2, progress: { smithing: 2 } });
  });

  it('owes half the materials after a day without success and all of them after a critical failure', () => {
    const shield = project(6, ['carpentry']);
    const blank = applyCraftingRoll(shield, roll('carpentry', 0));
    expect(blank.state.materialsOwedEighths).toBe(6); // 0.75c
    expect(projectStatus(blank.state)).toBe('materials-needed');
    const crit = applyCraftingRoll(shield, roll('carpentry', 0, true));
    expect(crit.state.materialsOwedEighths).toBe(12); // 1.5c
    expect(() => applyCraftingRoll(blank.state, roll('carpentry', 3))).toThrow(
      expect.objectContaining({ code: 'MATERIALS_NEEDED' }),
    );
    const repaid = addMaterials(blank.state, { amountEighths: 6, copies: 0 });
    expect(projectStatus(repaid.state)).toBe('in-progress');
    expect(() => addMaterials(blank.state, { amountEighths: 7, copies: 0 })).toThrow(
      expect.objectContaining({ field: 'amount' }),
    );
  });

  it('keeps progress through a failed day', () => {
    let s = applyCraftingRoll(project(300, ['masonry']), roll('masonry', 4)).state;
    s = applyCraftingRoll(s, roll('masonry', 0, true)).state;
    expect(progressTotal(s)).toBe(4);
  });

  it('needs half (rounded down) from each skill of an interdisciplinary project, surplus not crossing over', () => {
    const gun = project(100, ['engineering', 'metalworking']); // 5 needed, 2 from each
    let s = applyCraftingRoll(gun, roll('engineering', 9)).state;
    expect(s.copiesMade).toBe(0);
    s = applyCraftingRoll(s, roll('metalworking', 1)).state;
    expect(s.copiesMade).toBe(0);
    s = applyCraftingRoll(s, roll('metalworking', 1)).state;
    expect(s.copiesMade).toBe(1);
    expect(s.progress).toEqual({ engineering: 6, metalworking: 0 });
    expect(() => applyCraftingRoll(s, roll('carving', 1))).toThrow(
      expect.objectContaining({ field: 'skillName' }),
    );
  });

  it('refuses rolls on a complete project', () => {
    const done = applyCraftingRoll(project(6, ['carpentry']), roll('carpentry', 1)).state;
    expect(() => applyCraftingRoll(done, roll('carpentry', 1))).toThrow(
      expect.objectContaining({ code: 'PROJECT_COMPLETE' }),
    );
  });

  it('never owes negative materials, never loses progress and never makes more copies than paid', () => {
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('roll' as const),
        skill: fc.integer({ min: 0, max: 1 }),
        successes: fc.integer({ min: 0, max: 12 }),
        critical: fc.boolean(),
      }),
      fc.record({
        kind: fc.constant('materials' as const),
        fraction: fc.double({ min: 0, max: 1, noNaN: true }),
        copies: fc.integer({ min: 0, max: 2 }),
      }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 3 }),
        fc.array(step, { maxLength: 30 }),
        (price, twoSkills, copies, steps) => {
          const skills = twoSkills ? ['a', 'b'] : ['a'];
          let s = project(price, skills, copies);
          let credited = 0;
          for (const st of steps) {
            const worth = progressTotal(s) + s.copiesMade * s.successesNeeded;
            if (st.kind === 'roll') {
              if (projectStatus(s) !== 'in-progress') continue;
              const successes = st.successes;
              s = applyCraftingRoll(
                s,
                roll(skills[st.skill % skills.length], successes, st.critical && successes === 0),
              ).state;
              credited += successes;
            } else {
              const amountEighths = Math.floor(s.materialsOwedEighths * st.fraction);
              s = addMaterials(s, { amountEighths, copies: st.copies }).state;
            }
            expect(s.materialsOwedEighths).toBeGreaterThanOrEqual(0);
            expect(s.copiesMade).toBeLessThanOrEqual(s.copiesPaid);
            expect(progressTotal(s) + s.copiesMade * s.successesNeeded).toBeGreaterThanOrEqual(worth);
            for (const k of skills) expect(s.progress[k]).toBeGreaterThanOrEqual(0);
          }
          expect(progressTotal(s) + s.copiesMade * s.successesNeeded).toBe(credited);
        },
      ),
    );
  });
});
