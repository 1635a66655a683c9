import Foundation

/// Small images made with Pillow (python3 -m pip install pillow), kept as base64 so the
/// tests need no fixture files:
///
/// ```python
/// im = Image.new("RGBA", (4, 3)); im.putdata(ImageFixtures.webpPixels)
/// im.save(f, "WEBP", lossless=True, exact=True)                    # webpLossless
/// # 16 x 16, four 8 x 8 quadrants of jpegQuadrants, quality 95, 4:4:4
/// im.save(f, "JPEG", quality=95, subsampling=0)                     # jpeg
/// Image.new("L", (8, 8), 90).save(f, "JPEG", quality=90, progressive=True)  # jpegGreyProgressive
/// Image.new("CMYK", (8, 8), (0, 255, 255, 0)).save(f, "JPEG", quality=95)   # jpegCMYK (Adobe, inverted)
/// Image.new("RGBA", (8, 8), (40, 120, 200, 255)).save(f, "WEBP", quality=90) # webpLossy
/// ```
enum ImageFixtures {
  /// Straight RGBA of the 4 x 3 lossless WebP, row by row.
  static let webpPixels: [(UInt8, UInt8, UInt8, UInt8)] = [
    (255, 0, 0, 255), (0, 255, 0, 128), (0, 0, 255, 1), (10, 20, 30, 0),
    (255, 255, 255, 255), (200, 100, 50, 77), (1, 2, 3, 254), (128, 128, 128, 128),
    (0, 0, 0, 255), (255, 128, 0, 200), (17, 34, 51, 68), (250, 5, 130, 10),
  ]
  /// The colours of the JPEG's quadrants: top left, top right, bottom left, bottom right.
  static let jpegQuadrants: [(UInt8, UInt8, UInt8)] = [(220, 30, 40), (30, 200, 60), (40, 60, 210), (250, 250, 250)]
  static let webpLossless = bytes(
    """
    UklGRnAAAABXRUJQVlA4TGQAAAAvA4AAEF9gpo2U+xfwGxveEI8Ogg0jAZBAAj3kPg/6wxWYimTjvUcFvyqpJJIkGhkKItmgjGq0
    +pNKAq2MAHgCeDyIQNPvcl2dGQXv184N9aywPSALMGEcw2D6Iwgi2Ij+B/YL
    """)
  static let jpeg = bytes(
    """
    /9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAIBAQEBAQIBAQECAgICAgQDAgICAgUEBAMEBgUGBgYFBgYGBwkIBgcJBwYGCAsICQoK
    CgoKBggLDAsKDAkKCgr/2wBDAQICAgICAgUDAwUKBwYHCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoK
    CgoKCgoKCgr/wAARCAAQABADAREAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUF
    BAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVW
    V1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi
    4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAEC
    AxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVm
    Z2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq
    8vP09fb3+Pn6/9oADAMBAAIRAxEAPwD5fr8TP9eD60r4c/5Xz4Hr/dw/tA/rMr/Mc/WD/9k=
    """)
  static let jpegGreyProgressive = bytes(
    """
    /9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMU
    FRUVDA8XGBYUGBIUFRT/wgALCAAIAAgBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAABv/aAAgBAQAAAAEZ/8QAFBABAAAAAAAAAAAA
    AAAAAAAAAP/aAAgBAQABBQJ//8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQAGPwJ//8QAFBABAAAAAAAAAAAAAAAAAAAAAP/a
    AAgBAQABPyF//9oACAEBAAAAEP8A/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxB//9k=
    """)
  static let jpegCMYK = bytes(
    """
    /9j/7gAOQWRvYmUAZAAAAAAA/9sAQwACAQEBAQECAQEBAgICAgIEAwICAgIFBAQDBAYFBgYGBQYGBgcJCAYHCQcGBggLCAkKCgoK
    CgYICwwLCgwJCgoK/8AAFAgACAAIBEMRAE0RAFkRAEsRAP/EAB8AAAEFAQEBAQEBAAAAAAAAAAABAgMEBQYHCAkKC//EALUQAAIB
    AwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZH
    SElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV
    1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+v/aAA4EQwBNAFkASwAAPwD9/K/n/r+f+v38r//Z
    """)
  static let webpLossy = bytes(
    """
    UklGRj4AAABXRUJQVlA4IDIAAADQAQCdASoIAAgAAMASJaACdLoB+AADsAD+8JtD/4yp8SF+JC/8ZU/998Pe+HvfD/JQAA==
    """)

  static func bytes(_ base64: String) -> [UInt8] {
    [UInt8](Data(base64Encoded: base64, options: .ignoreUnknownCharacters)!)
  }

  /// `bytes` as a data URI of media type `type` (the decoder does not read it).
  static func dataURI(_ bytes: [UInt8], type: String = "image/png") -> String {
    "data:\(type);base64," + Data(bytes).base64EncodedString()
  }
}
