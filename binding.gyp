{
  "targets": [
    {
      "target_name": "clipwright_pixels",
      "sources": ["native/pixels.c"],
      "cflags": ["-O3", "-std=c11", "-Wall", "-Wextra", "-ffp-contract=off"],
      "cflags!": ["-O2"],
      "defines": ["NAPI_VERSION=8"]
    }
  ]
}
