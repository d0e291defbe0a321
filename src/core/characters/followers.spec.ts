import fc from 'fast-check';
import { campaignFollowerLoss, controllerPoolOf, followerReturn, moraleSubjectOf } from './followers';

describe('followers in a campaign (COEAC 003:924–928)', () => {
  it('a Feat-granted follower lost in session 3 returns at session 4; one from the fiction never does', () => {
    expect(campaignFollowerLoss({ source: 'feat', lostInSession: 3, reason: 'died' })).toEqual({
      replaceable: true,
      recruitDays: 7,
      availableFromSession: 4,
      source: 'feat',
      lostInSession: 3,
      reason: 'died',
    });
    expect(campaignFollowerLoss({ source: 'fiction', lostInSession: 3, reason: 'departed' })).toMatchObject({
      replaceable: false,
      availableFromSession: null,
    });
    // Before the first session: back at session 1.
    expect(
      campaignFollowerLoss({ source: 'feat', lostInSession: 0, reason: 'dismissed' }).availableFromSession,
    ).toBe(1);
    expect(() =>
      campaignFollowerLoss({ source: 'feat', lostInSession: 1, reason: 'eaten' as never }),
    ).toThrow(/reason/);
  });

  it('property: the return comes exactly at the session after the loss', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 10_001 }),
        (lost, session) => {
          const { availableFromSession } = campaignFollowerLoss({
            source: 'feat',
            lostInSession: lost,
            reason: 'died',
          });
          const back = followerReturn({
            lostInSession: lost,
            returnsAtSession: availableFromSession!,
            session,
          });
          expect(back.returned).toBe(session >= lost + 1);
        },
      ),
    );
  });

  it('morale subjects by kind and the controlling pool from Diplomacy or Streetwise', () => {
    expect(moraleSubjectOf('hireling', null)).toBe('hireling');
    expect(moraleSubjectOf('follower', null)).toBe('follower');
    expect(moraleSubjectOf('animal', 'trained')).toBe('trained-animal');
    expect(moraleSubjectOf('animal', null)).toBeNull();
    expect(moraleSubjectOf('monster', null)).toBeNull();
    expect(controllerPoolOf({ streetwise: 3, Diplomacy: 1 })).toBe(5);
    expect(controllerPoolOf({ DIPLOMACY: 4 })).toBe(6);
    expect(controllerPoolOf({ Lore: 4 })).toBeNull();
  });
});
