// examples/cube_sdl.cpp — cube11.cpp's spinning cube in a real window: an SDL2 window whose
// SDL_Window * is the swap chain's OutputWindow (the convention of DXVK's native builds), with
// softd3d presenting into it (SOFTD3D_WSI=sdl2, set below before the device is made; README,
// "Environment").  It spins until the window is closed, or for --frames N frames, then checks
// that the window shows its last frame and that the frame is cube11's picture.
//
//   c++ -std=c++11 cube_sdl.cpp $(pkg-config --cflags --libs softd3d) -ldl && ./a.out
//
// SDL2 is loaded at run time here too (libSDL2-2.0.so.0), so the example builds without SDL2's
// headers: the handful of SDL functions it calls are declared below from SDL2's documentation.
// With SDL2's headers a program would simply #include <SDL.h> and call them.  The test build
// defines CUBE_SDL_LIBRARY: the stand-in library of tests/wsi/fake_sdl2.c, so `make test` runs
// this without SDL2 or a display.
#include <Windows.h>
#include <d3d11.h>
#include <wrl/client.h>

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include <vector>

#include "cube11_scene.h"

using Microsoft::WRL::ComPtr;

namespace {

// ---- the SDL2 functions used (SDL.h, SDL_video.h, SDL_events.h) ----------------------------
struct SDL_Window;
struct SDL_PixelFormat {          // the leading members (SDL_pixels.h)
    uint32_t format;
    void *palette;
    uint8_t BitsPerPixel, BytesPerPixel, padding[2];
    uint32_t Rmask, Gmask, Bmask, Amask;
};
struct SDL_Surface {              // the leading members (SDL_surface.h)
    uint32_t flags;
    SDL_PixelFormat *format;
    int w, h, pitch;
    void *pixels;
};
union SDL_Event {                 // 56 bytes; `type` first (SDL_events.h)
    uint32_t type;
    uint8_t padding[56];
};
const uint32_t SDL_INIT_VIDEO = 0x20, SDL_WINDOW_SHOWN = 0x4, SDL_QUIT = 0x100;
const int SDL_WINDOWPOS_UNDEFINED = 0x1FFF0000;

struct sdl_api {
    int (*Init)(uint32_t flags);
    SDL_Window *(*CreateWindow)(const char *title, int x, int y, int w, int h, uint32_t flags);
    SDL_Surface *(*GetWindowSurface)(SDL_Window *window);
    int (*PollEvent)(SDL_Event *event);
    void (*DestroyWindow)(SDL_Window *window);
    void (*Quit)(void);
    const char *(*GetError)(void);
} SDL;

bool load_sdl(const char *&library)
{
#ifdef CUBE_SDL_LIBRARY
    library = CUBE_SDL_LIBRARY;
#else
    library = "libSDL2-2.0.so.0";
#endif
    void *lib = dlopen(library, RTLD_NOW);
    if (!lib)
        return false;
    struct { void *dst; const char *name; } syms[] = {
        { &SDL.Init, "SDL_Init" }, { &SDL.CreateWindow, "SDL_CreateWindow" },
        { &SDL.GetWindowSurface, "SDL_GetWindowSurface" }, { &SDL.PollEvent, "SDL_PollEvent" },
        { &SDL.DestroyWindow, "SDL_DestroyWindow" }, { &SDL.Quit, "SDL_Quit" },
        { &SDL.GetError, "SDL_GetError" },
    };
    for (auto &s : syms) {
        void *p = dlsym(lib, s.name);
        if (!p)
            return false;
        memcpy(s.dst, &p, sizeof(p));
    }
    // softd3d finds SDL where this program did
    setenv("SOFTD3D_WSI_LIBRARY", library, 0);
    return true;
}

bool fail(const char *what)
{
    printf("cube_sdl (C++): %s\n", what);
    return false;
}

// Spins the cube in `window` for `frames` frames (0: until the window is closed); the last
// frame's pixels (RGBA) in `pixels`, and whether the window shows them in `shown`.
bool run(SDL_Window *window, int frames, std::vector<uint8_t> &pixels, bool &shown)
{
    D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_9_3;
    DXGI_SWAP_CHAIN_DESC scd = {};
    scd.BufferDesc.Width = CUBE_SIZE;
    scd.BufferDesc.Height = CUBE_SIZE;
    scd.BufferDesc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    scd.SampleDesc.Count = 1;
    scd.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
    scd.BufferCount = 1;
    scd.OutputWindow = reinterpret_cast<HWND>(window);   // the SDL window is the HWND
    scd.Windowed = TRUE;
    scd.SwapEffect = DXGI_SWAP_EFFECT_DISCARD;
    ComPtr<IDXGISwapChain> chain;
    ComPtr<ID3D11Device> dev;
    ComPtr<ID3D11DeviceContext> ctx;
    if (FAILED(D3D11CreateDeviceAndSwapChain(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, &level,
                                             1, D3D11_SDK_VERSION, &scd, &chain, &dev, nullptr,
                                             &ctx)))
        return fail("no Direct3D 11 device and swap chain at 9_3");

    cube11_scene scene;
    ComPtr<ID3D11Texture2D> back, depth, staging;
    ComPtr<ID3D11RenderTargetView> rtv;
    ComPtr<ID3D11DepthStencilView> dsv;
    const CD3D11_TEXTURE2D_DESC dd(DXGI_FORMAT_D24_UNORM_S8_UINT, CUBE_SIZE, CUBE_SIZE, 1, 1,
                                   D3D11_BIND_DEPTH_STENCIL);
    const CD3D11_TEXTURE2D_DESC sdd(DXGI_FORMAT_R8G8B8A8_UNORM, CUBE_SIZE, CUBE_SIZE, 1, 1, 0,
                                    D3D11_USAGE_STAGING, D3D11_CPU_ACCESS_READ);
    if (!scene.create(dev.Get(), "cube_sdl (C++)"))
        return false;
    if (FAILED(chain->GetBuffer(0, IID_PPV_ARGS(&back))) ||
        FAILED(dev->CreateRenderTargetView(back.Get(), nullptr, &rtv)) ||
        FAILED(dev->CreateTexture2D(&dd, nullptr, &depth)) ||
        FAILED(dev->CreateDepthStencilView(depth.Get(), nullptr, &dsv)) ||
        FAILED(dev->CreateTexture2D(&sdd, nullptr, &staging)))
        return fail("the device refused the targets");
    scene.bind(ctx.Get(), rtv.Get(), dsv.Get());

    int frame = 0;
    for (bool quit = false; !quit && (frames == 0 || frame < frames); frame++) {
        SDL_Event e;
        while (SDL.PollEvent(&e))
            quit = quit || e.type == SDL_QUIT;
        // (cube11's frames 0..CUBE_FRAMES-1 first, so that a run of CUBE_FRAMES frames ends on
        // its picture; then on around)
        scene.draw(ctx.Get(), frame, rtv.Get(), dsv.Get());
        if (FAILED(chain->Present(1, 0)))
            return fail("Present failed");
    }

    ctx->CopyResource(staging.Get(), back.Get());
    D3D11_MAPPED_SUBRESOURCE mapped;
    if (FAILED(ctx->Map(staging.Get(), 0, D3D11_MAP_READ, 0, &mapped)))
        return fail("Map failed");
    for (int y = 0; y < CUBE_SIZE; y++)
        memcpy(&pixels[y * CUBE_SIZE * 4],
               static_cast<const uint8_t *>(mapped.pData) + y * mapped.RowPitch, CUBE_SIZE * 4);
    ctx->Unmap(staging.Get(), 0);

    // the window shows the last frame: its surface (when it is the window's size and 32-bit)
    // against the frame, pixel by pixel through the surface's channel masks
    SDL_Surface *s = SDL.GetWindowSurface(window);
    shown = s && s->w == CUBE_SIZE && s->h == CUBE_SIZE && s->format->BytesPerPixel == 4;
    for (int y = 0; shown && y < CUBE_SIZE; y++)
        for (int x = 0; shown && x < CUBE_SIZE; x++) {
            uint32_t v;
            memcpy(&v, static_cast<const uint8_t *>(s->pixels) + y * s->pitch + 4 * x, 4);
            const uint32_t masks[3] = { s->format->Rmask, s->format->Gmask, s->format->Bmask };
            for (int k = 0; k < 3; k++) {
                uint32_t m = masks[k], shift = 0;
                while (m && !(m >> shift & 1))
                    shift++;
                if (((v & m) >> shift) != pixels[(y * CUBE_SIZE + x) * 4 + k])
                    shown = false;
            }
        }
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    int frames = 0;
    if (argc == 3 && strcmp(argv[1], "--frames") == 0)
        frames = atoi(argv[2]);
#ifdef CUBE_SDL_LIBRARY
    if (frames == 0)
        frames = CUBE_FRAMES;   // (the test build never waits for a window to be closed)
#endif
    const char *library;
    if (!load_sdl(library)) {
        printf("cube_sdl (C++): SDL2 (%s) is not there; nothing to show\n", library);
        return 0;
    }
    setenv("SOFTD3D_WSI", "sdl2", 1);   // opt in: Present shows the frames in the window
    if (SDL.Init(SDL_INIT_VIDEO) != 0) {
        printf("cube_sdl (C++): SDL_Init: %s\n", SDL.GetError());
        return 1;
    }
    SDL_Window *window = SDL.CreateWindow("softd3d: cube_sdl", SDL_WINDOWPOS_UNDEFINED,
                                          SDL_WINDOWPOS_UNDEFINED, CUBE_SIZE, CUBE_SIZE,
                                          SDL_WINDOW_SHOWN);
    if (!window) {
        printf("cube_sdl (C++): SDL_CreateWindow: %s\n", SDL.GetError());
        SDL.Quit();
        return 1;
    }
    std::vector<uint8_t> pixels(CUBE_SIZE * CUBE_SIZE * 4);
    bool shown = false;
    bool ok = run(window, frames, pixels, shown);
    SDL.DestroyWindow(window);
    SDL.Quit();
    if (!ok)
        return 1;
    if (!shown) {
        printf("cube_sdl (C++): the window does not show the last frame\n");
        return 1;
    }
    // a run of CUBE_FRAMES frames ends on cube11's picture
    if (frames == CUBE_FRAMES && cube_check(pixels.data(), CUBE_HASH_D3D11, "cube_sdl (C++)"))
        return 1;
    printf("cube_sdl (C++): %d frames shown in the window\n", frames);
    return 0;
}
