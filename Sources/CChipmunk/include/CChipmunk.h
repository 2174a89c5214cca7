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

/// The contact set of an arbiter, flattened for Swift (the set's anonymous struct array does not
/// import). Points are ordered as cpArbiterGetShapes orders the shapes. Writes up to 2 points; returns
/// the count.
int ccp_arbiter_contacts(const cpArbiter *arb, cpVect *normal, cpVect pointsA[2], cpVect pointsB[2], cpFloat distances[2]);

/// cpTrue and cpFalse as typed values (the macros import as Int32).
static inline cpBool ccp_true(void) { return cpTrue; }
/// See ccp_true.
static inline cpBool ccp_false(void) { return cpFalse; }

#endif
