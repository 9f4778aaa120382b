/* softd3d/d3d11_helpers.h — the C++ helper structures of d3d11.h (CD3D11_*), included by d3d11.h
 * in C++ unless CINTERFACE or D3D11_NO_HELPERS is defined.  Do not include it directly.
 *
 * Read me first:
 *  - Each CD3D11_X derives from D3D11_X and adds no data, so it is passed wherever a D3D11_X is
 *    (`device->CreateBuffer(&CD3D11_BUFFER_DESC(...), ...)` style code compiles unchanged).
 *  - Constructors and default arguments are the documented ones (learn.microsoft.com,
 *    "CD3D11_TEXTURE2D_DESC structure" and its siblings); the defaults of the
 *    CD3D11_DEFAULT constructors are the documented default states of each object.
 *  - The SDK's `operator const D3D11_X &()` is not declared: a conversion to a base class is
 *    never used by C++ (the derived-to-base conversion is), and GCC warns about it.
 *  - The default constructors leave the structure uninitialised, as documented; `CD3D11_X x{}`
 *    zero-fills it (they are `= default`).
 *  - A view helper given a resource reads the resource's description to fill what was left
 *    open: DXGI_FORMAT_UNKNOWN takes the resource's format, a count of (UINT)-1 means "all
 *    from the first one on".
 */
#ifndef SOFTD3D_D3D11_HELPERS_H
#define SOFTD3D_D3D11_HELPERS_H

/* ---- CD3D11_DEFAULT: the tag that selects "documented default state" constructors ---- */
struct CD3D11_DEFAULT {};
/* One per translation unit (C++11 has no inline variables); it holds nothing, so which one a
 * program passes makes no difference. */
static const CD3D11_DEFAULT D3D11_DEFAULT = CD3D11_DEFAULT();

/* The subresource index of (mip, array slice), as D3D11 numbers them: mips of slice 0 first. */
inline UINT D3D11CalcSubresource(UINT MipSlice, UINT ArraySlice, UINT MipLevels)
{
    return MipSlice + ArraySlice * MipLevels;
}

/* ---- rectangles, boxes, viewports ---- */
inline bool operator==(const D3D11_RECT &l, const D3D11_RECT &r)
{
    return l.left == r.left && l.top == r.top && l.right == r.right && l.bottom == r.bottom;
}
inline bool operator!=(const D3D11_RECT &l, const D3D11_RECT &r) { return !(l == r); }

struct CD3D11_RECT : public D3D11_RECT {
    CD3D11_RECT() = default;
    explicit CD3D11_RECT(const D3D11_RECT &o) : D3D11_RECT(o) {}
    explicit CD3D11_RECT(LONG Left, LONG Top, LONG Right, LONG Bottom)
    {
        left = Left;
        top = Top;
        right = Right;
        bottom = Bottom;
    }
};

inline bool operator==(const D3D11_BOX &l, const D3D11_BOX &r)
{
    return l.left == r.left && l.top == r.top && l.front == r.front && l.right == r.right &&
           l.bottom == r.bottom && l.back == r.back;
}
inline bool operator!=(const D3D11_BOX &l, const D3D11_BOX &r) { return !(l == r); }

struct CD3D11_BOX : public D3D11_BOX {
    CD3D11_BOX() = default;
    explicit CD3D11_BOX(const D3D11_BOX &o) : D3D11_BOX(o) {}
    explicit CD3D11_BOX(LONG Left, LONG Top, LONG Front, LONG Right, LONG Bottom, LONG Back)
    {
        left = (UINT)Left;
        top = (UINT)Top;
        front = (UINT)Front;
        right = (UINT)Right;
        bottom = (UINT)Bottom;
        back = (UINT)Back;
    }
};

struct CD3D11_VIEWPORT : public D3D11_VIEWPORT {
    CD3D11_VIEWPORT() = default;
    explicit CD3D11_VIEWPORT(const D3D11_VIEWPORT &o) : D3D11_VIEWPORT(o) {}
    explicit CD3D11_VIEWPORT(FLOAT topLeftX, FLOAT topLeftY, FLOAT width, FLOAT height,
                             FLOAT minDepth = D3D11_MIN_DEPTH, FLOAT maxDepth = D3D11_MAX_DEPTH)
    {
        set(topLeftX, topLeftY, width, height, minDepth, maxDepth);
    }
    /* The viewports below cover the view's subresource from (topLeftX, topLeftY) to its far
     * edge: the mip's size (at least 1) minus the corner. */
    explicit CD3D11_VIEWPORT(ID3D11Buffer *, ID3D11RenderTargetView *pRTView, FLOAT topLeftX = 0.0f,
                             FLOAT minDepth = D3D11_MIN_DEPTH, FLOAT maxDepth = D3D11_MAX_DEPTH)
    {
        D3D11_RENDER_TARGET_VIEW_DESC rtv;
        pRTView->GetDesc(&rtv);
        UINT elements = rtv.ViewDimension == D3D11_RTV_DIMENSION_BUFFER ? rtv.Buffer.NumElements : 0;
        set(topLeftX, 0.0f, (FLOAT)elements - topLeftX, 1.0f, minDepth, maxDepth);
    }
    explicit CD3D11_VIEWPORT(ID3D11Texture1D *pTex1D, ID3D11RenderTargetView *pRTView,
                             FLOAT topLeftX = 0.0f, FLOAT minDepth = D3D11_MIN_DEPTH,
                             FLOAT maxDepth = D3D11_MAX_DEPTH)
    {
        D3D11_TEXTURE1D_DESC tex;
        D3D11_RENDER_TARGET_VIEW_DESC rtv;
        pTex1D->GetDesc(&tex);
        pRTView->GetDesc(&rtv);
        UINT mip = 0;
        if (rtv.ViewDimension == D3D11_RTV_DIMENSION_TEXTURE1D)
            mip = rtv.Texture1D.MipSlice;
        else if (rtv.ViewDimension == D3D11_RTV_DIMENSION_TEXTURE1DARRAY)
            mip = rtv.Texture1DArray.MipSlice;
        set(topLeftX, 0.0f, (FLOAT)mip_size(tex.Width, mip) - topLeftX, 1.0f, minDepth, maxDepth);
    }
    explicit CD3D11_VIEWPORT(ID3D11Texture2D *pTex2D, ID3D11RenderTargetView *pRTView,
                             FLOAT topLeftX = 0.0f, FLOAT topLeftY = 0.0f,
                             FLOAT minDepth = D3D11_MIN_DEPTH, FLOAT maxDepth = D3D11_MAX_DEPTH)
    {
        D3D11_TEXTURE2D_DESC tex;
        D3D11_RENDER_TARGET_VIEW_DESC rtv;
        pTex2D->GetDesc(&tex);
        pRTView->GetDesc(&rtv);
        UINT mip = 0;   /* the multisampled dimensions have one mip */
        if (rtv.ViewDimension == D3D11_RTV_DIMENSION_TEXTURE2D)
            mip = rtv.Texture2D.MipSlice;
        else if (rtv.ViewDimension == D3D11_RTV_DIMENSION_TEXTURE2DARRAY)
            mip = rtv.Texture2DArray.MipSlice;
        set(topLeftX, topLeftY, (FLOAT)mip_size(tex.Width, mip) - topLeftX,
            (FLOAT)mip_size(tex.Height, mip) - topLeftY, minDepth, maxDepth);
    }
    explicit CD3D11_VIEWPORT(ID3D11Texture3D *pTex3D, ID3D11RenderTargetView *pRTView,
                             FLOAT topLeftX = 0.0f, FLOAT topLeftY = 0.0f,
                             FLOAT minDepth = D3D11_MIN_DEPTH, FLOAT maxDepth = D3D11_MAX_DEPTH)
    {
        D3D11_TEXTURE3D_DESC tex;
        D3D11_RENDER_TARGET_VIEW_DESC rtv;
        pTex3D->GetDesc(&tex);
        pRTView->GetDesc(&rtv);
        UINT mip = rtv.ViewDimension == D3D11_RTV_DIMENSION_TEXTURE3D ? rtv.Texture3D.MipSlice : 0;
        set(topLeftX, topLeftY, (FLOAT)mip_size(tex.Width, mip) - topLeftX,
            (FLOAT)mip_size(tex.Height, mip) - topLeftY, minDepth, maxDepth);
    }

private:
    static UINT mip_size(UINT size, UINT mip)
    {
        UINT s = mip < 32 ? size >> mip : 0;
        return s ? s : 1;
    }
    void set(FLOAT x, FLOAT y, FLOAT w, FLOAT h, FLOAT mind, FLOAT maxd)
    {
        TopLeftX = x;
        TopLeftY = y;
        Width = w;
        Height = h;
        MinDepth = mind;
        MaxDepth = maxd;
    }
};

/* ---- resource descriptions ---- */
struct CD3D11_BUFFER_DESC : public D3D11_BUFFER_DESC {
    CD3D11_BUFFER_DESC() = default;
    explicit CD3D11_BUFFER_DESC(const D3D11_BUFFER_DESC &o) : D3D11_BUFFER_DESC(o) {}
    explicit CD3D11_BUFFER_DESC(UINT byteWidth, UINT bindFlags,
                                D3D11_USAGE usage = D3D11_USAGE_DEFAULT, UINT cpuaccessFlags = 0,
                                UINT miscFlags = 0, UINT structureByteStride = 0)
    {
        ByteWidth = byteWidth;
        Usage = usage;
        BindFlags = bindFlags;
        CPUAccessFlags = cpuaccessFlags;
        MiscFlags = miscFlags;
        StructureByteStride = structureByteStride;
    }
};

struct CD3D11_TEXTURE1D_DESC : public D3D11_TEXTURE1D_DESC {
    CD3D11_TEXTURE1D_DESC() = default;
    explicit CD3D11_TEXTURE1D_DESC(const D3D11_TEXTURE1D_DESC &o) : D3D11_TEXTURE1D_DESC(o) {}
    explicit CD3D11_TEXTURE1D_DESC(DXGI_FORMAT format, UINT width, UINT arraySize = 1,
                                   UINT mipLevels = 0, UINT bindFlags = D3D11_BIND_SHADER_RESOURCE,
                                   D3D11_USAGE usage = D3D11_USAGE_DEFAULT, UINT cpuaccessFlags = 0,
                                   UINT miscFlags = 0)
    {
        Width = width;
        MipLevels = mipLevels;
        ArraySize = arraySize;
        Format = format;
        Usage = usage;
        BindFlags = bindFlags;
        CPUAccessFlags = cpuaccessFlags;
        MiscFlags = miscFlags;
    }
};

struct CD3D11_TEXTURE2D_DESC : public D3D11_TEXTURE2D_DESC {
    CD3D11_TEXTURE2D_DESC() = default;
    explicit CD3D11_TEXTURE2D_DESC(const D3D11_TEXTURE2D_DESC &o) : D3D11_TEXTURE2D_DESC(o) {}
    explicit CD3D11_TEXTURE2D_DESC(DXGI_FORMAT format, UINT width, UINT height, UINT arraySize = 1,
                                   UINT mipLevels = 0, UINT bindFlags = D3D11_BIND_SHADER_RESOURCE,
                                   D3D11_USAGE usage = D3D11_USAGE_DEFAULT, UINT cpuaccessFlags = 0,
                                   UINT sampleCount = 1, UINT sampleQuality = 0, UINT miscFlags = 0)
    {
        Width = width;
        Height = height;
        MipLevels = mipLevels;
        ArraySize = arraySize;
        Format = format;
        SampleDesc.Count = sampleCount;
        SampleDesc.Quality = sampleQuality;
        Usage = usage;
        BindFlags = bindFlags;
        CPUAccessFlags = cpuaccessFlags;
        MiscFlags = miscFlags;
    }
};

struct CD3D11_TEXTURE3D_DESC : public D3D11_TEXTURE3D_DESC {
    CD3D11_TEXTURE3D_DESC() = default;
    explicit CD3D11_TEXTURE3D_DESC(const D3D11_TEXTURE3D_DESC &o) : D3D11_TEXTURE3D_DESC(o) {}
    explicit CD3D11_TEXTURE3D_DESC(DXGI_FORMAT format, UINT width, UINT height, UINT depth,
                                   UINT mipLevels = 0, UINT bindFlags = D3D11_BIND_SHADER_RESOURCE,
                                   D3D11_USAGE usage = D3D11_USAGE_DEFAULT, UINT cpuaccessFlags = 0,
                                   UINT miscFlags = 0)
    {
        Width = width;
        Height = height;
        Depth = depth;
        MipLevels = mipLevels;
        Format = format;
        Usage = usage;
        BindFlags = bindFlags;
        CPUAccessFlags = cpuaccessFlags;
        MiscFlags = miscFlags;
    }
};

/* ---- view descriptions ---- */
struct CD3D11_SHADER_RESOURCE_VIEW_DESC : public D3D11_SHADER_RESOURCE_VIEW_DESC {
    CD3D11_SHADER_RESOURCE_VIEW_DESC() = default;
    explicit CD3D11_SHADER_RESOURCE_VIEW_DESC(const D3D11_SHADER_RESOURCE_VIEW_DESC &o)
        : D3D11_SHADER_RESOURCE_VIEW_DESC(o)
    {
    }
    /* The numbers mean what viewDimension's member has: for BUFFER/BUFFEREX, mostDetailedMip is
     * the first element and mipLevels the element count; for TEXTURECUBEARRAY, firstArraySlice
     * is the first 2D face and arraySize the number of cubes. */
    explicit CD3D11_SHADER_RESOURCE_VIEW_DESC(D3D11_SRV_DIMENSION viewDimension,
                                              DXGI_FORMAT format = DXGI_FORMAT_UNKNOWN,
                                              UINT mostDetailedMip = 0, UINT mipLevels = (UINT)-1,
                                              UINT firstArraySlice = 0, UINT arraySize = (UINT)-1,
                                              UINT flags = 0)
    {
        set(viewDimension, format, mostDetailedMip, mipLevels, firstArraySlice, arraySize, flags);
    }
    explicit CD3D11_SHADER_RESOURCE_VIEW_DESC(ID3D11Buffer *, DXGI_FORMAT format, UINT firstElement,
                                              UINT numElements, UINT flags = 0)
    {
        set(D3D11_SRV_DIMENSION_BUFFEREX, format, firstElement, numElements, 0, 0, flags);
    }
    explicit CD3D11_SHADER_RESOURCE_VIEW_DESC(ID3D11Texture1D *pTex1D, D3D11_SRV_DIMENSION viewDimension,
                                              DXGI_FORMAT format = DXGI_FORMAT_UNKNOWN,
                                              UINT mostDetailedMip = 0, UINT mipLevels = (UINT)-1,
                                              UINT firstArraySlice = 0, UINT arraySize = (UINT)-1)
    {
        D3D11_TEXTURE1D_DESC t;
        pTex1D->GetDesc(&t);
        fill(format, t.Format, mipLevels, t.MipLevels - mostDetailedMip, arraySize,
             t.ArraySize - firstArraySlice);
        set(viewDimension, format, mostDetailedMip, mipLevels, firstArraySlice, arraySize, 0);
    }
    explicit CD3D11_SHADER_RESOURCE_VIEW_DESC(ID3D11Texture2D *pTex2D, D3D11_SRV_DIMENSION viewDimension,
                                              DXGI_FORMAT format = DXGI_FORMAT_UNKNOWN,
                                              UINT mostDetailedMip = 0, UINT mipLevels = (UINT)-1,
                                              UINT firstArraySlice = 0, UINT arraySize = (UINT)-1)
    {
        D3D11_TEXTURE2D_DESC t;
        pTex2D->GetDesc(&t);
        UINT slices = t.ArraySize - firstArraySlice;
        if (viewDimension == D3D11_SRV_DIMENSION_TEXTURECUBEARRAY)
            slices /= 6;   /* arraySize counts cubes there */
        fill(format, t.Format, mipLevels, t.MipLevels - mostDetailedMip, arraySize, slices);
        set(viewDimension, format, mostDetailedMip, mipLevels, firstArraySlice, arraySize, 0);
    }
    explicit CD3D11_SHADER_RESOURCE_VIEW_DESC(ID3D11Texture3D *pTex3D,
                                              DXGI_FORMAT format = DXGI_FORMAT_UNKNOWN,
                                              UINT mostDetailedMip = 0, UINT mipLevels = (UINT)-1)
    {
        D3D11_TEXTURE3D_DESC t;
        pTex3D->GetDesc(&t);
        UINT unused = 0;
        fill(format, t.Format, mipLevels, t.MipLevels - mostDetailedMip, unused, 0);
        set(D3D11_SRV_DIMENSION_TEXTURE3D, format, mostDetailedMip, mipLevels, 0, 0, 0);
    }

private:
    static void fill(DXGI_FORMAT &format, DXGI_FORMAT res_format, UINT &count, UINT res_count,
                     UINT &count2, UINT res_count2)
    {
        if (format == DXGI_FORMAT_UNKNOWN)
            format = res_format;
        if (count == (UINT)-1)
            count = res_count;
        if (count2 == (UINT)-1)
            count2 = res_count2;
    }
    void set(D3D11_SRV_DIMENSION dim, DXGI_FORMAT format, UINT first, UINT count, UINT slice,
             UINT slices, UINT flags)
    {
        Format = format;
        ViewDimension = dim;
        switch (dim) {
        case D3D11_SRV_DIMENSION_BUFFER:
            Buffer.FirstElement = first;
            Buffer.NumElements = count;
            break;
        case D3D11_SRV_DIMENSION_TEXTURE1D:
            Texture1D.MostDetailedMip = first;
            Texture1D.MipLevels = count;
            break;
        case D3D11_SRV_DIMENSION_TEXTURE1DARRAY:
            Texture1DArray.MostDetailedMip = first;
            Texture1DArray.MipLevels = count;
            Texture1DArray.FirstArraySlice = slice;
            Texture1DArray.ArraySize = slices;
            break;
        case D3D11_SRV_DIMENSION_TEXTURE2D:
            Texture2D.MostDetailedMip = first;
            Texture2D.MipLevels = count;
            break;
        case D3D11_SRV_DIMENSION_TEXTURE2DARRAY:
            Texture2DArray.MostDetailedMip = first;
            Texture2DArray.MipLevels = count;
            Texture2DArray.FirstArraySlice = slice;
            Texture2DArray.ArraySize = slices;
            break;
        case D3D11_SRV_DIMENSION_TEXTURE2DMS:
            break;
        case D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY:
            Texture2DMSArray.FirstArraySlice = slice;
            Texture2DMSArray.ArraySize = slices;
            break;
        case D3D11_SRV_DIMENSION_TEXTURE3D:
            Texture3D.MostDetailedMip = first;
            Texture3D.MipLevels = count;
            break;
        case D3D11_SRV_DIMENSION_TEXTURECUBE:
            TextureCube.MostDetailedMip = first;
            TextureCube.MipLevels = count;
            break;
        case D3D11_SRV_DIMENSION_TEXTURECUBEARRAY:
            TextureCubeArray.MostDetailedMip = first;
            TextureCubeArray.MipLevels = count;
            TextureCubeArray.First2DArrayFace = slice;
            TextureCubeArray.NumCubes = slices;
            break;
        case D3D11_SRV_DIMENSION_BUFFEREX:
            BufferEx.FirstElement = first;
            BufferEx.NumElements = count;
            BufferEx.Flags = flags;
            break;
        default:
            break;
        }
    }
};

struct CD3D11_RENDER_TARGET_VIEW_DESC : public D3D11_RENDER_TARGET_VIEW_DESC {
    CD3D11_RENDER_TARGET_VIEW_DESC() = default;
    explicit CD3D11_RENDER_TARGET_VIEW_DESC(const D3D11_RENDER_TARGET_VIEW_DESC &o)
        : D3D11_RENDER_TARGET_VIEW_DESC(o)
    {
    }
    /* For BUFFER, mipSlice is the first element and firstArraySlice the element count; for
     * TEXTURE3D, firstArraySlice / arraySize are the first W slice and the W size. */
    explicit CD3D11_RENDER_TARGET_VIEW_DESC(D3D11_RTV_DIMENSION viewDimension,
                                            DXGI_FORMAT format = DXGI_FORMAT_UNKNOWN,
                                            UINT mipSlice = 0, UINT firstArraySlice = 0,
                                            UINT arraySize = (UINT)-1)
    {
        set(viewDimension, format, mipSlice, firstArraySlice, arraySize);
    }
    explicit CD3D11_RENDER_TARGET_VIEW_DESC(ID3D11Buffer *, DXGI_FORMAT format, UINT firstElement,
                                            UINT numElements)
    {
        set(D3D11_RTV_DIMENSION_BUFFER, format, firstElement, numElements, 0);
    }
    explicit CD3D11_RENDER_TARGET_VIEW_DESC(ID3D11Texture1D *pTex1D, D3D11_RTV_DIMENSION viewDimension,
                                            DXGI_FORMAT format = DXGI_FORMAT_UNKNOWN,
                                            UINT mipSlice = 0, UINT firstArraySlice = 0,
                                            UINT arraySize = (UINT)-1)
    {
        D3D11_TEXTURE1D_DESC t;
        pTex1D->GetDesc(&t);
        if (format == DXGI_FORMAT_UNKNOWN)
            format = t.Format;
        if (arraySize == (UINT)-1)
            arraySize = t.ArraySize - firstArraySlice;
        set(viewDimension, format, mipSlice, firstArraySlice, arraySize);
    }
    explicit CD3D11_RENDER_TARGET_VIEW_DESC(ID3D11Texture2D *pTex2D, D3D11_RTV_DIMENSION viewDimension,
                                            DXGI_FORMAT format = DXGI_FORMAT_UNKNOWN,
                                            UINT mipSlice = 0, UINT firstArraySlice = 0,
                                            UINT arraySize = (UINT)-1)
    {
        D3D11_TEXTURE2D_DESC t;
        pTex2D->GetDesc(&t);
        if (format == DXGI_FORMAT_UNKNOWN)
            format = t.Format;
        if (arraySize == (UINT)-1)
            arraySize = t.ArraySize - firstArraySlice;
        set(viewDimension, format, mipSlice, firstArraySlice, arraySize);
    }
    explicit CD3D11_RENDER_TARGET_VIEW_DESC(ID3D11Texture3D *pTex3D,
                                            DXGI_FORMAT format = DXGI_FORMAT_UNKNOWN,
                                            UINT mipSlice = 0, UINT firstWSlice = 0,
                                            UINT wSize = (UINT)-1)
    {
        D3D11_TEXTURE3D_DESC t;
        pTex3D->GetDesc(&t);
        if (format == DXGI_FORMAT_UNKNOWN)
            format = t.Format;
        if (wSize == (UINT)-1) {
            UINT depth = mipSlice < 32 ? t.Depth >> mipSlice : 0;
            wSize = (depth ? depth : 1) - firstWSlice;
        }
        set(D3D11_RTV_DIMENSION_TEXTURE3D, format, mipSlice, firstWSlice, wSize);
    }

private:
    void set(D3D11_RTV_DIMENSION dim, DXGI_FORMAT format, UINT mip, UINT slice, UINT slices)
    {
        Format = format;
        ViewDimension = dim;
        switch (dim) {
        case D3D11_RTV_DIMENSION_BUFFER:
            Buffer.FirstElement = mip;
            Buffer.NumElements = slice;
            break;
        case D3D11_RTV_DIMENSION_TEXTURE1D:
            Texture1D.MipSlice = mip;
            break;
        case D3D11_RTV_DIMENSION_TEXTURE1DARRAY:
            Texture1DArray.MipSlice = mip;
            Texture1DArray.FirstArraySlice = slice;
            Texture1DArray.ArraySize = slices;
            break;
        case D3D11_RTV_DIMENSION_TEXTURE2D:
            Texture2D.MipSlice = mip;
            break;
        case D3D11_RTV_DIMENSION_TEXTURE2DARRAY:
            Texture2DArray.MipSlice = mip;
            Texture2DArray.FirstArraySlice = slice;
            Texture2DArray.ArraySize = slices;
            break;
        case D3D11_RTV_DIMENSION_TEXTURE2DMS:
            break;
        case D3D11_RTV_DIMENSION_TEXTURE2DMSARRAY:
            Texture2DMSArray.FirstArraySlice = slice;
            Texture2DMSArray.ArraySize = slices;
            break;
        case D3D11_RTV_DIMENSION_TEXTURE3D:
            Texture3D.MipSlice = mip;
            Texture3D.FirstWSlice = slice;
            Texture3D.WSize = slices;
            break;
        default:
            break;
        }
    }
};

struct CD3D11_DEPTH_STENCIL_VIEW_DESC : public D3D11_DEPTH_STENCIL_VIEW_DESC {
    CD3D11_DEPTH_STENCIL_VIEW_DESC() = default;
    explicit CD3D11_DEPTH_STENCIL_VIEW_DESC(const D3D11_DEPTH_STENCIL_VIEW_DESC &o)
        : D3D11_DEPTH_STENCIL_VIEW_DESC(o)
    {
    }
    explicit CD3D11_DEPTH_STENCIL_VIEW_DESC(D3D11_DSV_DIMENSION viewDimension,
                                            DXGI_FORMAT format = DXGI_FORMAT_UNKNOWN,
                                            UINT mipSlice = 0, UINT firstArraySlice = 0,
                                            UINT arraySize = (UINT)-1, UINT flags = 0)
    {
        set(viewDimension, format, mipSlice, firstArraySlice, arraySize, flags);
    }
    explicit CD3D11_DEPTH_STENCIL_VIEW_DESC(ID3D11Texture1D *pTex1D, D3D11_DSV_DIMENSION viewDimension,
                                            DXGI_FORMAT format = DXGI_FORMAT_UNKNOWN,
                                            UINT mipSlice = 0, UINT firstArraySlice = 0,
                                            UINT arraySize = (UINT)-1, UINT flags = 0)
    {
        D3D11_TEXTURE1D_DESC t;
        pTex1D->GetDesc(&t);
        if (format == DXGI_FORMAT_UNKNOWN)
            format = t.Format;
        if (arraySize == (UINT)-1)
            arraySize = t.ArraySize - firstArraySlice;
        set(viewDimension, format, mipSlice, firstArraySlice, arraySize, flags);
    }
    explicit CD3D11_DEPTH_STENCIL_VIEW_DESC(ID3D11Texture2D *pTex2D, D3D11_DSV_DIMENSION viewDimension,
                                            DXGI_FORMAT format = DXGI_FORMAT_UNKNOWN,
                                            UINT mipSlice = 0, UINT firstArraySlice = 0,
                                            UINT arraySize = (UINT)-1, UINT flags = 0)
    {
        D3D11_TEXTURE2D_DESC t;
        pTex2D->GetDesc(&t);
        if (format == DXGI_FORMAT_UNKNOWN)
            format = t.Format;
        if (arraySize == (UINT)-1)
            arraySize = t.ArraySize - firstArraySlice;
        set(viewDimension, format, mipSlice, firstArraySlice, arraySize, flags);
    }

private:
    void set(D3D11_DSV_DIMENSION dim, DXGI_FORMAT format, UINT mip, UINT slice, UINT slices,
             UINT flags)
    {
        Format = format;
        ViewDimension = dim;
        Flags = flags;
        switch (dim) {
        case D3D11_DSV_DIMENSION_TEXTURE1D:
            Texture1D.MipSlice = mip;
            break;
        case D3D11_DSV_DIMENSION_TEXTURE1DARRAY:
            Texture1DArray.MipSlice = mip;
            Texture1DArray.FirstArraySlice = slice;
            Texture1DArray.ArraySize = slices;
            break;
        case D3D11_DSV_DIMENSION_TEXTURE2D:
            Texture2D.MipSlice = mip;
            break;
        case D3D11_DSV_DIMENSION_TEXTURE2DARRAY:
            Texture2DArray.MipSlice = mip;
            Texture2DArray.FirstArraySlice = slice;
            Texture2DArray.ArraySize = slices;
            break;
        case D3D11_DSV_DIMENSION_TEXTURE2DMS:
            break;
        case D3D11_DSV_DIMENSION_TEXTURE2DMSARRAY:
            Texture2DMSArray.FirstArraySlice = slice;
            Texture2DMSArray.ArraySize = slices;
            break;
        default:
            break;
        }
    }
};

/* ---- state objects: CD3D11_DEFAULT gives the documented default state ---- */
struct CD3D11_SAMPLER_DESC : public D3D11_SAMPLER_DESC {
    CD3D11_SAMPLER_DESC() = default;
    explicit CD3D11_SAMPLER_DESC(const D3D11_SAMPLER_DESC &o) : D3D11_SAMPLER_DESC(o) {}
    explicit CD3D11_SAMPLER_DESC(CD3D11_DEFAULT)
    {
        static const FLOAT white[4] = { 1.0f, 1.0f, 1.0f, 1.0f };
        set(D3D11_FILTER_MIN_MAG_MIP_LINEAR, D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP,
            D3D11_TEXTURE_ADDRESS_CLAMP, 0.0f, 1, D3D11_COMPARISON_NEVER, white, -D3D11_FLOAT32_MAX,
            D3D11_FLOAT32_MAX);
    }
    /* A null borderColor is transparent black. */
    explicit CD3D11_SAMPLER_DESC(D3D11_FILTER filter, D3D11_TEXTURE_ADDRESS_MODE addressU,
                                 D3D11_TEXTURE_ADDRESS_MODE addressV, D3D11_TEXTURE_ADDRESS_MODE addressW,
                                 FLOAT mipLODBias, UINT maxAnisotropy, D3D11_COMPARISON_FUNC comparisonFunc,
                                 const FLOAT *borderColor, FLOAT minLOD, FLOAT maxLOD)
    {
        set(filter, addressU, addressV, addressW, mipLODBias, maxAnisotropy, comparisonFunc, borderColor,
            minLOD, maxLOD);
    }

private:
    void set(D3D11_FILTER filter, D3D11_TEXTURE_ADDRESS_MODE u, D3D11_TEXTURE_ADDRESS_MODE v,
             D3D11_TEXTURE_ADDRESS_MODE w, FLOAT bias, UINT aniso, D3D11_COMPARISON_FUNC cmp,
             const FLOAT *border, FLOAT minLOD, FLOAT maxLOD)
    {
        Filter = filter;
        AddressU = u;
        AddressV = v;
        AddressW = w;
        MipLODBias = bias;
        MaxAnisotropy = aniso;
        ComparisonFunc = cmp;
        for (int i = 0; i < 4; i++)
            BorderColor[i] = border ? border[i] : 0.0f;
        MinLOD = minLOD;
        MaxLOD = maxLOD;
    }
};

struct CD3D11_RASTERIZER_DESC : public D3D11_RASTERIZER_DESC {
    CD3D11_RASTERIZER_DESC() = default;
    explicit CD3D11_RASTERIZER_DESC(const D3D11_RASTERIZER_DESC &o) : D3D11_RASTERIZER_DESC(o) {}
    explicit CD3D11_RASTERIZER_DESC(CD3D11_DEFAULT)
    {
        set(D3D11_FILL_SOLID, D3D11_CULL_BACK, FALSE, D3D11_DEFAULT_DEPTH_BIAS,
            D3D11_DEFAULT_DEPTH_BIAS_CLAMP, D3D11_DEFAULT_SLOPE_SCALED_DEPTH_BIAS, TRUE, FALSE, FALSE,
            FALSE);
    }
    explicit CD3D11_RASTERIZER_DESC(D3D11_FILL_MODE fillMode, D3D11_CULL_MODE cullMode,
                                    BOOL frontCounterClockwise, INT depthBias, FLOAT depthBiasClamp,
                                    FLOAT slopeScaledDepthBias, BOOL depthClipEnable, BOOL scissorEnable,
                                    BOOL multisampleEnable, BOOL antialiasedLineEnable)
    {
        set(fillMode, cullMode, frontCounterClockwise, depthBias, depthBiasClamp, slopeScaledDepthBias,
            depthClipEnable, scissorEnable, multisampleEnable, antialiasedLineEnable);
    }

private:
    void set(D3D11_FILL_MODE fill, D3D11_CULL_MODE cull, BOOL ccw, INT bias, FLOAT clamp, FLOAT slope,
             BOOL clip, BOOL scissor, BOOL msaa, BOOL aaLines)
    {
        FillMode = fill;
        CullMode = cull;
        FrontCounterClockwise = ccw;
        DepthBias = bias;
        DepthBiasClamp = clamp;
        SlopeScaledDepthBias = slope;
        DepthClipEnable = clip;
        ScissorEnable = scissor;
        MultisampleEnable = msaa;
        AntialiasedLineEnable = aaLines;
    }
};

struct CD3D11_BLEND_DESC : public D3D11_BLEND_DESC {
    CD3D11_BLEND_DESC() = default;
    explicit CD3D11_BLEND_DESC(const D3D11_BLEND_DESC &o) : D3D11_BLEND_DESC(o) {}
    /* Blending off on every target, writing all channels. */
    explicit CD3D11_BLEND_DESC(CD3D11_DEFAULT)
    {
        AlphaToCoverageEnable = FALSE;
        IndependentBlendEnable = FALSE;
        for (UINT i = 0; i < D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT; i++) {
            D3D11_RENDER_TARGET_BLEND_DESC &rt = RenderTarget[i];
            rt.BlendEnable = FALSE;
            rt.SrcBlend = D3D11_BLEND_ONE;
            rt.DestBlend = D3D11_BLEND_ZERO;
            rt.BlendOp = D3D11_BLEND_OP_ADD;
            rt.SrcBlendAlpha = D3D11_BLEND_ONE;
            rt.DestBlendAlpha = D3D11_BLEND_ZERO;
            rt.BlendOpAlpha = D3D11_BLEND_OP_ADD;
            rt.RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
        }
    }
};

struct CD3D11_DEPTH_STENCIL_DESC : public D3D11_DEPTH_STENCIL_DESC {
    CD3D11_DEPTH_STENCIL_DESC() = default;
    explicit CD3D11_DEPTH_STENCIL_DESC(const D3D11_DEPTH_STENCIL_DESC &o) : D3D11_DEPTH_STENCIL_DESC(o) {}
    /* Depth test LESS with writes, stencil off (ALWAYS / KEEP on both faces). */
    explicit CD3D11_DEPTH_STENCIL_DESC(CD3D11_DEFAULT)
    {
        set(TRUE, D3D11_DEPTH_WRITE_MASK_ALL, D3D11_COMPARISON_LESS, FALSE, D3D11_DEFAULT_STENCIL_READ_MASK,
            D3D11_DEFAULT_STENCIL_WRITE_MASK, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
            D3D11_STENCIL_OP_KEEP, D3D11_COMPARISON_ALWAYS, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
            D3D11_STENCIL_OP_KEEP, D3D11_COMPARISON_ALWAYS);
    }
    explicit CD3D11_DEPTH_STENCIL_DESC(BOOL depthEnable, D3D11_DEPTH_WRITE_MASK depthWriteMask,
                                       D3D11_COMPARISON_FUNC depthFunc, BOOL stencilEnable,
                                       UINT8 stencilReadMask, UINT8 stencilWriteMask,
                                       D3D11_STENCIL_OP frontStencilFailOp,
                                       D3D11_STENCIL_OP frontStencilDepthFailOp,
                                       D3D11_STENCIL_OP frontStencilPassOp,
                                       D3D11_COMPARISON_FUNC frontStencilFunc,
                                       D3D11_STENCIL_OP backStencilFailOp,
                                       D3D11_STENCIL_OP backStencilDepthFailOp,
                                       D3D11_STENCIL_OP backStencilPassOp,
                                       D3D11_COMPARISON_FUNC backStencilFunc)
    {
        set(depthEnable, depthWriteMask, depthFunc, stencilEnable, stencilReadMask, stencilWriteMask,
            frontStencilFailOp, frontStencilDepthFailOp, frontStencilPassOp, frontStencilFunc,
            backStencilFailOp, backStencilDepthFailOp, backStencilPassOp, backStencilFunc);
    }

private:
    void set(BOOL depth, D3D11_DEPTH_WRITE_MASK mask, D3D11_COMPARISON_FUNC func, BOOL stencil,
             UINT8 readMask, UINT8 writeMask, D3D11_STENCIL_OP ff, D3D11_STENCIL_OP fdf,
             D3D11_STENCIL_OP fp, D3D11_COMPARISON_FUNC ffunc, D3D11_STENCIL_OP bf, D3D11_STENCIL_OP bdf,
             D3D11_STENCIL_OP bp, D3D11_COMPARISON_FUNC bfunc)
    {
        DepthEnable = depth;
        DepthWriteMask = mask;
        DepthFunc = func;
        StencilEnable = stencil;
        StencilReadMask = readMask;
        StencilWriteMask = writeMask;
        FrontFace.StencilFailOp = ff;
        FrontFace.StencilDepthFailOp = fdf;
        FrontFace.StencilPassOp = fp;
        FrontFace.StencilFunc = ffunc;
        BackFace.StencilFailOp = bf;
        BackFace.StencilDepthFailOp = bdf;
        BackFace.StencilPassOp = bp;
        BackFace.StencilFunc = bfunc;
    }
};

/* ---- queries ---- */
struct CD3D11_QUERY_DESC : public D3D11_QUERY_DESC {
    CD3D11_QUERY_DESC() = default;
    explicit CD3D11_QUERY_DESC(const D3D11_QUERY_DESC &o) : D3D11_QUERY_DESC(o) {}
    explicit CD3D11_QUERY_DESC(D3D11_QUERY query, UINT miscFlags = 0)
    {
        Query = query;
        MiscFlags = miscFlags;
    }
};

#endif /* SOFTD3D_D3D11_HELPERS_H */
