import Foundation
@testable import LuaKit
// Test helpers every test target shares (TemporaryFolder), visible in every file of this target.
@_exported import ShopfloorTestSupport

extension LuaState {
    /// Runs a full collection (test helper).
    func collectGarbage() { sf_gc_collect(L) }
}

import CLua
