/*
 * shopfloor_hooks.h: the scripting layer's per-event C fast paths (customers, lines, generators,
 * stock rules), beside ShopfloorScripting, so that CLua's shim.h knows nothing of the domain.
 *
 * C may include Lua: these headers build on CLua's shim.h (sf_memory, sf_entry_pcall,
 * sf_traceback_handler, sf_object_box). The module map has no `export *`, so a Swift file that
 * imports CShopfloorHooks does not see CLua's names through it (the fence: only LuaKit imports
 * CLua; FenceTests checks the imports). Swift code reaches the raw state for these calls through
 * LuaKit's package-level `L` and `memory`.
 */
#ifndef SHOPFLOOR_HOOKS_H
#define SHOPFLOOR_HOOKS_H

#include "../CLua/shim.h"
#include "shim_counter.h"
#include "shim_stock.h"

#endif
