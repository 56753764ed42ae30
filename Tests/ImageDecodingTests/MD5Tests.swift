import ImageDecoding
import Testing

@Suite struct MD5Tests {
  /// The test suite of RFC 1321, appendix A.5.
  @Test(arguments: [
    ("", "d41d8cd98f00b204e9800998ecf8427e"),
    ("a", "0cc175b9c0f1b6a831c399e269772661"),
    ("abc", "900150983cd24fb0d6963f7d28e17f72"),
    ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
    ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
    (
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
      "d174ab98d277d9f5a5611c2c9f419d9f"
    ),
    (
      "12345678901234567890123456789012345678901234567890123456789012345678901234567890",
      "57edf4a22be3c955ac49da2e2107b67a"
    ),
  ])
  func matchesRFC1321TestSuite(message: String, digest: String) {
    #expect(MD5.hexDigest(of: message) == digest)
  }

  /// Lengths around the 56-byte padding boundary and the 64-byte block (values from Python's
  /// hashlib).
  @Test(arguments: [
    (55, "ef1772b6dff9a122358552954ad0df65"),
    (56, "3b0c8ac703f828b04c6c197006d17218"),
    (64, "014842d480b571495a4a0363793f7367"),
    (65, "c743a45e0d2e6a95cb859adae0248435"),
    (1000, "cabe45dcc9ae5b66ba86600cca6b8ba8"),
  ])
  func padsCorrectlyAroundBlockBoundaries(length: Int, digest: String) {
    #expect(MD5.hexDigest(of: String(repeating: "a", count: length)) == digest)
  }

  @Test func feedingInPiecesGivesTheSameDigestAsAtOnce() {
    let message = Array(String(repeating: "photogate-", count: 30).utf8)
    var md5 = MD5()
    for start in stride(from: 0, to: message.count, by: 7) {
      md5.update(message[start..<min(start + 7, message.count)])
    }
    #expect(md5.finalize() == MD5.digest(message))
  }
}
