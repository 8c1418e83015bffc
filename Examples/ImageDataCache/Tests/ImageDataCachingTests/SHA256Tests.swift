import Testing

@testable import ImageDataCaching

/// The digest against the examples of FIPS 180-4 and NIST's test vectors.
@Suite struct SHA256Tests {
  @Test func hexDigest_ofEmptyMessage() {
    #expect(
      SHA256.hexDigest(of: [])
        == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  }

  @Test func hexDigest_ofOneBlockMessage() {
    #expect(
      SHA256.hexDigest(of: Array("abc".utf8))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  }

  @Test func hexDigest_ofTwoBlockMessage() {
    let message = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"

    #expect(
      SHA256.hexDigest(of: Array(message.utf8))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }

  @Test func hexDigest_ofMessagesAroundTheBlockBoundary() {
    let digests = [55, 56, 63, 64].map { SHA256.hexDigest(of: Array(repeating: 0x61, count: $0)) }

    #expect(
      digests == [
        "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318",
        "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a",
        "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34",
        "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb",
      ])
  }
}
