import Foundation
import Testing

@testable import SceneFormat

/// The positioned JSON parser: RFC 8259 values, positions in characters, strict syntax with clear messages.
@Suite struct JSONParserTests {
    func parse(_ text: String) -> JSONParser.Result {
        JSONParser.parse(SourceText(bytes: Array(text.utf8)), maximumDepth: 16)
    }

    func firstIssue(_ text: String) -> String {
        let source = SourceText(bytes: Array(text.utf8))
        guard let issue = JSONParser.parse(source, maximumDepth: 16).issues.first else { return "(none)" }
        let (line, column) = source.location(of: issue.offset)
        return "\(line):\(column): \(issue.path): \(issue.message)"
    }

    @Test func readsEveryKindOfValueWithItsOffset() throws {
        let root = try #require(parse(#"{"a": [1, -2.5e3, true, false, null, "x"], "b": {}}"#).root)
        guard case .object(let members) = root.value, members.count == 2,
            case .array(let items) = members[0].value.value
        else {
            Issue.record("unexpected shape \(root)")
            return
        }
        #expect(members[0].key == "a" && members[0].keyOffset == 1 && members[1].key == "b")
        #expect(items.map(\.summary) == ["1", "-2.5e3", "true", "false", "null", "\"x\""])
        #expect(items.map(\.offset) == [7, 10, 18, 24, 31, 37])
        if case .number(let v, _) = items[1].value { #expect(v == -2500) }
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let root = try #require(parse(#"["\"\\\/\b\f\n\r\t", "\u00e9\u6C34", "\uD83D\uDE00", "é"]"#).root)
        guard case .array(let items) = root.value else {
            Issue.record("not an array")
            return
        }
        let strings = items.compactMap { if case .string(let s) = $0.value { return s } else { return nil } }
        #expect(strings == ["\"\\/\u{8}\u{C}\n\r\t", "é水", "😀", "é"])
        #expect(
            firstIssue(#"["\uD83D"]"#)
                == #"1:3: [0]: \uD83D is the first half of a surrogate pair without its second half"#)
        #expect(
            firstIssue(#"["\q"]"#) == #"1:3: [0]: unknown escape '\q'; JSON knows \" \\ \/ \b \f \n \r \t and \uXXXX"#)
        #expect(
            firstIssue("[\"a\tb\"]")
                == "1:4: [0]: control character 0x09 inside a string; write it as an escape such as \\t or \\u0009")
    }

    @Test func columnsCountCharactersNotBytes() {
        let text = "{\"é\": 1, \"水水\": x}"
        #expect(firstIssue(text) == "1:16: [\"水水\"]: expected a value, got 'x' (strings need double quotes)")
        let source = SourceText(bytes: Array("ab\ncdé\u{1F600}f".utf8))
        #expect(source.location(of: 0) == (1, 1) && source.location(of: 3) == (2, 1))
        #expect(
            source.location(of: 11) == (2, 5) && source.location(of: 12) == (2, 6),
            "é is 2 bytes and 😀 4 bytes, one column each")
        let long = SourceText(bytes: Array((String(repeating: "é", count: 1000) + "x").utf8))
        #expect(long.location(of: 2000) == (1, 1001), "checkpoints count characters across blocks")
    }

    @Test func rejectsWhatJSONDoesNotAllow() {
        #expect(firstIssue("{\"a\": 01}") == "1:7: a: numbers cannot have leading zeros in JSON; remove them")
        #expect(firstIssue("{\"a\": 1.}") == "1:9: a: expected a digit after the decimal point, got '}'")
        #expect(
            firstIssue("{\"a\": NaN}")
                == #"1:7: a: JSON has no NaN or Infinity; write the string "infinity" where a key accepts it, or a finite number"#
        )
        #expect(
            firstIssue("{\"a\": -Infinity}")
                == #"1:7: a: JSON has no NaN or Infinity; write the string "infinity" where a key accepts it, or a finite number"#
        )
        #expect(
            firstIssue("{\"a\": 90deg}")
                == #"1:7: a: unexpected 'd' after the number 90; a number with a unit is a string, such as "90deg""#)
        #expect(firstIssue("{'a': 1}") == "1:2: (root): expected a key in double quotes, got '''")
        #expect(firstIssue("{a: 1}") == #"1:2: (root): object keys are strings in double quotes: write "a""#)
        #expect(
            firstIssue("{\"a\": 1 \"b\": 2}")
                == #"1:9: (root): expected ',' or '}' after the value of "a", got '"' (a ',' is missing)"#)
        #expect(
            firstIssue("[1, 2,]") == "1:7: (root): trailing comma before ']'; remove the comma after the last element")
        #expect(firstIssue("{\"a\": True}") == "1:7: a: JSON writes true, false and null in lower case, got True")
        #expect(firstIssue("{\"a\": None}") == "1:7: a: JSON writes an empty value as null, got None")
        #expect(firstIssue("{\"a\": nulls}") == "1:7: a: expected a value, got 'nulls' (strings need double quotes)")
        #expect(
            firstIssue("// note\n{}")
                == #"1:1: (root): JSON has no comments; use the scene's "description" key for notes"#)
        #expect(
            firstIssue("{\"a\": \"open\n")
                == #"1:12: a: the string is not closed on its line; add the closing '"' (a line break inside a string is written \n)"#
        )
    }

    @Test func nonFiniteNumbersAndDuplicatesAreReportedWithoutStopping() throws {
        let result = parse(#"{"a": 1e400, "b": 2, "b": 3, "c": [1]}"#)
        let root = try #require(result.root, "parsing continues past a huge number and a duplicate key")
        #expect(
            result.issues.map(\.message) == [
                "non-finite number: 1e400 does not fit in a 64-bit floating-point number; use a smaller value",
                "duplicate key \"b\" (first given at line 1, column 14); remove one of them",
            ])
        guard case .object(let members) = root.value else { return }
        #expect(members.map(\.key) == ["a", "b", "c"], "the first of duplicate keys is kept")
        if case .invalid = members[0].value.value {} else { Issue.record("a non-finite number is marked invalid") }
    }

    @Test func nestingIsLimited() {
        #expect(
            firstIssue(String(repeating: "[", count: 17))
                == "1:17: [0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]: objects and arrays are nested more than 16 levels deep; flatten the scene"
        )
        #expect(
            parse(String(repeating: "[", count: 16) + String(repeating: "]", count: 16)).root != nil,
            "16 levels are allowed")
    }

    @Test func aByteOrderMarkIsSkippedAndInvalidUTF8Refused() {
        #expect(parse("\u{FEFF}{}").root != nil)
        let bad = SourceText(bytes: [0x7B, 0x22, 0xC3, 0x28, 0x22, 0x7D])
        let result = JSONParser.parse(bad, maximumDepth: 4)
        #expect(result.root == nil && result.issues.first?.offset == 2)
        #expect(
            result.issues.first?.message
                == "the file is not UTF-8 text (byte 0xC3 cannot start or continue a character); save it as UTF-8 JSON")
        #expect(SourceText.firstInvalidUTF8(in: [0xED, 0xA0, 0x80]) == 0, "encoded surrogates are not UTF-8")
        #expect(SourceText.firstInvalidUTF8(in: [0xC0, 0x80]) == 0, "overlong forms are not UTF-8")
        #expect(SourceText.firstInvalidUTF8(in: Array("ok é 水 😀".utf8)) == nil)
    }
}
