import EmitterTestSupport
import Foundation
import Testing

@testable import Benchmarks

/// docs/Design.md §7 words every budget as the report does (`DesignBudgets.text`), so the report's budget
/// lines and the design's table name the same budgets.
struct DesignBudgetsDocumentationTests {
    @Test func theDesignsBudgetTableWordsEveryBudgetAsTheReportDoes() throws {
        let design = try String(contentsOfFile: TestSupport.packageRoot + "/docs/Design.md", encoding: .utf8)
        for id in DesignBudgets.ID.allCases {
            #expect(design.contains("| \(DesignBudgets.text(id)) |"), "docs/Design.md §7 lacks the row of \(id)")
        }
    }
}
