// CChipmunk: the one module that includes Chipmunk2D's headers (Debian's libchipmunk-dev, 7.0.3).
// Swift code reaches Chipmunk only through the Physics module, which imports this one.
// Here live the wrappers for what Swift cannot import: macros and the debug banner.
#ifndef CCHIPMUNK_H
#define CCHIPMUNK_H

#include <chipmunk/chipmunk.h>
#include <chipmunk/chipmunk_unsafe.h>
// The struct layouts (Chipmunk's "private but stable" header): the Physics module reads body
// transforms and velocities directly after each step instead of calling a getter per field, and
// detaches survivors from a freed space (see PhysicsWorld.deinit).
#include <chipmunk/chipmunk_structs.h>

/// CP_NO_GROUP, which Swift cannot import (a cast macro).
static inline cpGroup ccp_no_group(void) { return CP_NO_GROUP; }
/// CP_ALL_CATEGORIES, which Swift cannot import (a cast macro).
static inline cpBitmask ccp_all_categories(void) { return CP_ALL_CATEGORIES; }
/// CP_WILDCARD_COLLISION_TYPE, which Swift cannot import (a cast macro).
static inline cpCollisionType ccp_wildcard_collision_type(void) { return CP_WILDCARD_COLLISION_TYPE; }

/// cpSpaceNew without Debian's debug-build banner: the library prints two lines on stdout at every
/// cpSpaceNew, which would corrupt machine-readable output. The banner is sent to /dev/null instead.
cpSpace *ccp_space_new_quiet(void);

/// The space's default collision handler, without cpSpaceAddDefaultCollisionHandler: that call also
/// sets the space's `usesWildcards` flag, which makes Chipmunk look up two wildcard handlers for every
/// touching pair at every step. Setting the default handler's callbacks directly keeps Chipmunk on its
/// fast path (the default handler itself never calls wildcard handlers).
static inline cpCollisionHandler *ccp_space_default_handler(cpSpace *space) { return &space->defaultHandler; }

/// What a collision event needs from an arbiter, read in one call after a step. Everything is in the
/// order cpArbiterGetShapes gives the shapes (a, b).
typedef struct ccp_arbiter_info {
    cpShape *a, *b;
    /// Contact normal from a toward b.
    cpVect normal;
    /// Contact points (up to 2).
    int count;
    cpVect pointA0, pointB0, pointA1, pointB1;
    /// Signed distances (negative when overlapping).
    cpFloat distance0, distance1;
    /// cpArbiterTotalImpulse: the impulse applied to shape a's body.
    cpVect impulse;
} ccp_arbiter_info;

/// Fills `info` from an arbiter (the contact set's anonymous struct array does not import to Swift).
void ccp_arbiter_read(const cpArbiter *arb, ccp_arbiter_info *info);

/// cpTrue and cpFalse as typed values (the macros import as Int32).
static inline cpBool ccp_true(void) { return cpTrue; }
/// See ccp_true.
static inline cpBool ccp_false(void) { return cpFalse; }

#endif
