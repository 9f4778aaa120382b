// tests/shaders/hlsl/common.hlsli: what the acceptance shaders share, through #include
// (D3DCompileFromFile with D3D_COMPILE_STANDARD_FILE_INCLUDE, relative to the includer).
#ifndef COMMON_HLSLI
#define COMMON_HLSLI

struct Light
{
    float4 dir;     // xyz: the direction the light travels
    float4 color;   // rgb, a: intensity
};

float lambert(float3 n, float3 l)
{
    return saturate(dot(n, -l));
}

struct VSOut
{
    float4 pos : SV_Position;
    float4 col : COLOR0;
    float2 uv : TEXCOORD0;
    float3 n : TEXCOORD1;
    float3 t : TEXCOORD2;
    float depth : TEXCOORD3;
};

#endif
