import Foundation
import TatamiBase
import TatamiServices
import TatamiTestSupport
import XCTest

/// The stages' lists of codes and the catalog's table are generated
/// (`DiagnosticCodes.generated.swift`, scripts/generate-diagnostic-codes.py) from the codes'
/// declarations and their explanations' files: the file committed must be what the script gives.
final class DiagnosticCodesGenerationTests: XCTestCase {
    func testTheGeneratedListsAreCurrent() throws {
        let root = Fixtures.repositoryRoot()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", root.appendingPathComponent("scripts/generate-diagnostic-codes.py").path, "--check"]
        process.currentDirectoryURL = root
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch { throw XCTSkip("python3 could not be run: \(error)") }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == 127 { throw XCTSkip("python3 is not installed") }
        XCTAssertEqual(process.terminationStatus, 0, message)
    }

    func testEveryStageListsItsCodesInThePagesOrder() {
        let stages = DiagnosticCatalog.stages.map(\.codes)
        XCTAssertEqual(stages.map(\.count), [DiagnosticCode.yamlStageCodes, DiagnosticCode.modelStageCodes,
                                             DiagnosticCode.layoutStageCodes, DiagnosticCode.servicesStageCodes].map(\.count))
        XCTAssertEqual(DiagnosticCatalog.table.map(\.code), stages.flatMap { $0 })
    }
}
