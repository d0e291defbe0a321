import {
  gmCarving,
  gmFullHelmet,
  gmItemTask,
  gmLight,
  gmLoad,
  gmLock,
  gmRiding,
  gmStartingPurchase,
  gmStrengthBow,
  GM_ITEM_TASK_ROUNDS,
  GM_LIGHTS,
} from './gm-equipment-rules';

describe('G&M equipment side rules (issue 43)', () => {
  describe(gmCarving.name, () => {
    it('M6: bone and metal cost twice a wood carving, stone four times with four times the bulk', () => {
      // The complex carving of the ingredients list: 2 silver, bulk .5.
      expect(
        ['wood', 'bone', 'metal', 'stone'].map((material) =>
          gmCarving({ woodCost: 200, woodBulkHundredths: 50, material } as never),
        ),
      ).toEqual([
        { material: 'wood', costMultiplier: 1, bulkMultiplier: 1, cost: 200, bulkHundredths: 50 },
        { material: 'bone', costMultiplier: 2, bulkMultiplier: 1, cost: 400, bulkHundredths: 50 },
        { material: 'metal', costMultiplier: 2, bulkMultiplier: 1, cost: 400, bulkHundredths: 50 },
        { material: 'stone', costMultiplier: 4, bulkMultiplier: 4, cost: 800, bulkHundredths: 200 },
      ]);
    });

    it('names the bad field', () => {
      expect(() => gmCarving({ woodCost: 50, woodBulkHundredths: 10, material: 'jade' as never })).toThrow(
        expect.objectContaining({ field: 'material' }),
      );
      expect(() => gmCarving({ woodCost: -1, woodBulkHundredths: 10, material: 'bone' })).toThrow(
        expect.objectContaining({ field: 'woodCost' }),
      );
    });
  });

  describe(gmLock.name, () => {
    it('M10: −1 to picking for each whole doubling of the 8-silver lock', () => {
      expect(
        [800, 1599, 1600, 3200, 6399, 6400, 100_000].map((cost) => gmLock({ cost }).pickPenalty),
      ).toEqual([0, 0, 1, 2, 2, 3, 6]);
      expect(() => gmLock({ cost: 799 })).toThrow(expect.objectContaining({ field: 'cost' }));
    });
  });

  describe(gmLight.name, () => {
    it('M10: the table of radius, burn time and lighting rounds', () => {
      expect(
        Object.entries(GM_LIGHTS).map(([k, l]) => [k, l.radiusYards, l.burnMinutes, l.activationRounds]),
      ).toEqual([
        ['candle', 6, 360, 1],
        ['torch', 10, 180, 2],
        ['lantern', 20, 360, 1],
      ]);
    });

    it('a candle lights six yards, −1 beyond the first; a spent torch lights nothing', () => {
      expect(gmLight({ source: 'candle', distanceYards: 1 })).toMatchObject({ lit: true, actionPenalty: 0 });
      expect(gmLight({ source: 'candle', distanceYards: 4 })).toMatchObject({ lit: true, actionPenalty: 1 });
      expect(gmLight({ source: 'candle', distanceYards: 7 })).toMatchObject({ lit: false, actionPenalty: 0 });
      expect(gmLight({ source: 'torch', burntMinutes: 150, distanceYards: 10 })).toMatchObject({
        minutesLeft: 30,
        lit: true,
      });
      expect(gmLight({ source: 'torch', burntMinutes: 180, distanceYards: 2 })).toMatchObject({
        minutesLeft: 0,
        lit: false,
      });
      expect(gmLight({ source: 'lantern', inCombat: true })).toMatchObject({
        radiusYards: 20,
        lit: null,
        evasionRollToActivate: true,
      });
    });
  });

  describe(gmItemTask.name, () => {
    it('M10: two rounds to strike a fire or light a torch, one to light a lantern or reach into a pack', () => {
      expect(GM_ITEM_TASK_ROUNDS).toEqual({
        'strike-fire': 2,
        'light-torch': 2,
        'light-lantern': 1,
        'reach-into-backpack': 1,
      });
      expect(gmItemTask({ task: 'strike-fire', inCombat: true })).toEqual({
        task: 'strike-fire',
        rounds: 2,
        evasionRoll: true,
      });
      expect(gmItemTask({ task: 'reach-into-backpack', inCombat: true }).evasionRoll).toBe(false);
      expect(() => gmItemTask({ task: 'juggle' as never })).toThrow(
        expect.objectContaining({ field: 'task' }),
      );
    });
  });

  describe(gmFullHelmet.name, () => {
    it('M16: at least 10 silver or a tenth of the other armor, rounded up; −1 perception and attack', () => {
      expect(gmFullHelmet({ otherArmorCost: 0 }).cost).toBe(1000);
      expect(gmFullHelmet({ otherArmorCost: 4500 }).cost).toBe(1000); // scale mail: 4.5 silver < 10
      expect(gmFullHelmet({ otherArmorCost: 20_001 }).cost).toBe(2001);
      expect(gmFullHelmet({ otherArmorCost: 30_000 })).toMatchObject({
        cost: 3000,
        perceptionPenalty: 1,
        attackPenalty: 1,
        modifiers: [
          { name: 'full helmet: perception', value: -1 },
          { name: 'full helmet: attack', value: -1 },
        ],
      });
    });
  });

  describe(gmStrengthBow.name, () => {
    it('M21: the seed’s bow: 25 silver; built for 12–14 costs 50 (+25 %), for 15–16 costs 75 (+50 %)', () => {
      expect(gmStrengthBow({ baseCost: 2500, builtStrength: 10 })).toMatchObject({
        priceMultiple: 1,
        cost: 2500,
      });
      expect(gmStrengthBow({ baseCost: 2500, builtStrength: 13 })).toMatchObject({
        builtMajor: 1,
        priceMultiple: 2,
        cost: 5000,
        rangePercent: 25,
      });
      expect(gmStrengthBow({ baseCost: 2500, builtStrength: 16, wielderStrength: 16 })).toMatchObject({
        priceMultiple: 3,
        cost: 7500,
        rangePercent: 50,
        wielderTooWeak: false,
      });
      expect(gmStrengthBow({ baseCost: 2500, builtStrength: 18, wielderStrength: 12 })).toMatchObject({
        priceMultiple: 5,
        wielderTooWeak: true,
      });
      expect(gmStrengthBow({ baseCost: 2500, builtStrength: 3 }).priceMultiple).toBe(1);
    });
  });

  describe(gmLoad.name, () => {
    it('M22: bulk against strength, hands by bulk, half bulk for a staff never swung, a pack as one item', () => {
      const load = gmLoad({
        strength: 18,
        items: [
          { name: 'Short sword', bulkHundredths: 600, weapon: true },
          { name: 'Two-handed sword', bulkHundredths: 1500, weapon: true },
          { name: 'Bow', bulkHundredths: 800, weapon: true, hands: 2 },
          { name: 'Staff', bulkHundredths: 1200, weapon: true, neverUsedAsWeapon: true },
          {
            name: 'Backpack',
            bulkHundredths: 200,
            contents: [
              { name: 'Blanket', bulkHundredths: 500 },
              { name: 'Rope', bulkHundredths: 300 },
            ],
          },
          { name: 'Anvil', bulkHundredths: 2000 },
        ],
      });
      expect(load).toMatchObject({ maxItemBulkHundredths: 1800, itemCount: 6, carryScore: null });
      expect(load.items.map((i) => [i.name, i.bulkHundredths, i.withinLimit, i.handsToWield])).toEqual([
        ['Short sword', 600, true, 1],
        ['Two-handed sword', 1500, true, 2],
        ['Bow', 800, true, 2],
        ['Staff', 600, true, null],
        ['Backpack', 1000, true, null],
        ['Anvil', 2000, false, null],
      ]);
      expect(load.totalBulkHundredths).toBe(600 + 1500 + 800 + 600 + 1000 + 2000);
    });

    it('names the bad field', () => {
      expect(() =>
        gmLoad({ strength: 10, items: [{ name: 'Cup', bulkHundredths: 10, neverUsedAsWeapon: true }] }),
      ).toThrow(expect.objectContaining({ field: 'items[0].neverUsedAsWeapon' }));
      expect(() =>
        gmLoad({
          strength: 10,
          items: [{ name: 'Sack', bulkHundredths: 10, contents: [{ name: '', bulkHundredths: 1 }] }],
        }),
      ).toThrow(expect.objectContaining({ field: 'items[0].contents[0].name' }));
    });
  });

  describe(gmRiding.name, () => {
    it('M23: a blanket gives −2 to riding rolls and −1 daily Movement; bareback −3 and −3', () => {
      expect(gmRiding({ tack: 'saddle', score: 12 })).toEqual({
        tack: 'saddle',
        ridingRollPenalty: 0,
        dailyMovementPenalty: 0,
        target: 12,
      });
      expect(gmRiding({ tack: 'blanket', score: 12 })).toMatchObject({
        ridingRollPenalty: 2,
        dailyMovementPenalty: 1,
        target: 10,
      });
      expect(gmRiding({ tack: 'bareback' })).toMatchObject({
        ridingRollPenalty: 3,
        dailyMovementPenalty: 3,
        target: null,
      });
    });
  });
});

describe('gmStartingPurchase (M3)', () => {
  it('Toromeen: 18 silver, a 27-silver purchase: one mojo traded, 21 silver and 15 mojo left (001:404)', () => {
    expect(gmStartingPurchase({ cash: 1800, cost: 2700, mojo: 16, level: 1 })).toEqual({
      cost: 2700,
      mojoTraded: 1,
      silverGained: 3000,
      cashDelta: 300,
      cashAfter: 2100,
      mojoAfter: 15,
    });
    // Covered by the purse: no mojo.
    expect(gmStartingPurchase({ cash: 1800, cost: 500, mojo: 0, level: 1 })).toMatchObject({
      mojoTraded: 0,
      cashDelta: -500,
      cashAfter: 1300,
    });
  });

  it('refuses past first level, or without the mojo, naming cost', () => {
    expect(() => gmStartingPurchase({ cash: 0, cost: 100, mojo: 5, level: 2 })).toThrow(
      expect.objectContaining({ code: 'CONFLICT', field: 'cost' }),
    );
    expect(() => gmStartingPurchase({ cash: 0, cost: 6001, mojo: 2, level: 1 })).toThrow(
      expect.objectContaining({ code: 'CONFLICT', field: 'cost' }),
    );
    expect(() => gmStartingPurchase({ cash: 0, cost: 0, mojo: 2, level: 1 })).toThrow(
      expect.objectContaining({ field: 'cost' }),
    );
  });
});
